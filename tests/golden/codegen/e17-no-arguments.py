# Error: a kernel without arguments, as activation.py lowers; nki.jit picks how to run a kernel from its arguments
# and refuses a call with none, so the current API prints no kernel (the legacy text still prints).
# api: nki
from tvm.script import tirx as T

@T.prim_func
def no_args():
    T.func_attr({"num_inputs": 0})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.memset(a[p, f], T.float32(0.0))
# expect: 6:1: error: nki.jit cannot launch a kernel without arguments
