# Error: a tensor store reaches code generation (spec 07 §6).
from tvm.script import tirx as T

@T.prim_func
def bad(A: T.Tensor((128, 512), "float32"), B: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    a[0, 0] = T.float32(1.0)
# expect: 8:5: error: Trainium code generation does not support tensor stores; use T.nki instructions
