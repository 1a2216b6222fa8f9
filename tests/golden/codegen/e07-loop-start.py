# Error: a loop that does not start at 0.
from tvm.script import tirx as T

@T.prim_func
def bad(A: T.Tensor((128, 512), "float32"), B: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    for k in range(1, 4):
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                    T.nki.load(a[p, f], A[p, k * 128 + f])
# expect: 8:5: error: NKI loops must start at 0
