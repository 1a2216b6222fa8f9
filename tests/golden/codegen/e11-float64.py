# Error: a dtype NKI has no name for.
from tvm.script import tirx as T

@T.prim_func
def bad(A: T.Tensor((128, 512), "float32"), B: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    d = T.alloc_tensor((128, 512), "float64", scope="trn.sbuf")
# expect: 8:5: error: dtype 'float64'
