# Error: a mask over loops without nki_dim annotations.
# api: legacy
from tvm.script import tirx as T

@T.prim_func
def bad(A: T.Tensor((128, 512), "float32"), B: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in range(128):
            for f in range(512):
                if f < 100:
                    T.nki.load(a[p, f], A[p, f])
# expect: 12:17: error: the mask uses 'f', a loop without an nki_dim annotation
