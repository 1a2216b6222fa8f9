# Error: a masked memset.
# api: legacy
from tvm.script import tirx as T

@T.prim_func
def bad(A: T.Tensor((128, 512), "float32"), B: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                if f < 100:
                    T.nki.memset(a[p, f], T.float32(0.0))
# expect: 12:17: error: a memset cannot be masked
