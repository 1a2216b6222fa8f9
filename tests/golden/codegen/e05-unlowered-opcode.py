# Error: an opcode NKI has (div) that this backend does not lower; a name NKI
# does not have is a parse error (tests/golden/script/errors/84-*).
from tvm.script import tirx as T

@T.prim_func
def bad(A: T.Tensor((128, 512), "float32"), B: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensorscalar(a[p, f], a[p, f], T.float32(2.0), "div")
# expect: 12:70: error: NKI opcode 'div' is not supported by this backend; expected one of "add", "sub", "mul", "max", "min", "exp", "sqrt"
