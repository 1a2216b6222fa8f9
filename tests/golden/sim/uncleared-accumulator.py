# The accumulator of a matmul with accum=True is never cleared: its first
# read is of never-written PSUM, reported at the matmul (line 26) for
# tensor acc. Zeroed mode gives the plain product; poison mode gives NaN.
from tvm_tirx.script import tirx as T


@T.function
def main(L: T.Tensor((32, 16), "float32"), R: T.Tensor((32, 64), "float32"), C: T.Tensor((16, 64), "float32")):
    T.func_attr({"num_inputs": 2})
    lhs = T.alloc_tensor((0,), ty_args=[T.Tensor((32, 16), "float32", scope="trn.sbuf")])
    rhs = T.alloc_tensor((64,), ty_args=[T.Tensor((32, 64), "float32", scope="trn.sbuf")])
    acc = T.alloc_tensor((0, 0), ty_args=[T.Tensor((1, 16, 64), "float32", scope="trn.psum")])
    res = T.alloc_tensor((320,), ty_args=[T.Tensor((16, 64), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(32, annotations={"nki_dim": "P"}):
            for f in T.serial(16, annotations={"nki_dim": "F"}):
                T.nki.load(lhs[p, f], L[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(32, annotations={"nki_dim": "P"}):
            for f in T.serial(64, annotations={"nki_dim": "F"}):
                T.nki.load(rhs[p, f], R[p, f])
    with T.nki.tensorized_instruction():
        for k in T.serial(32, annotations={"nki_dim": "P"}):
            for i in T.serial(16, annotations={"nki_dim": "lhs_F"}):
                for j in T.serial(64, annotations={"nki_dim": "rhs_F"}):
                    T.nki.matmul(acc[0, i, j], lhs[k, i], rhs[k, j], T.bool(True))
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(64, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(res[p, f], acc[0, p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(64, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], res[p, f])
