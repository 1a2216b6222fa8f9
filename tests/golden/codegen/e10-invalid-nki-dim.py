# Error: an nki_dim value other than P, F, lhs_F and rhs_F.
from tvm.script import tirx as T

@T.prim_func
def bad(A: T.Tensor((128, 512), "float32"), B: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "Q"}):
                T.nki.load(a[p, f], A[p, f])
# expect: 10:63: error: invalid nki_dim 'Q' (P, F, lhs_F or rhs_F)
