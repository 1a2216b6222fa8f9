# C = L^T R with the contraction (96) split into three 32-row matmuls that
# accumulate in PSUM after one memset clears it; the third matmul is
# guarded to its first 48 moving columns, so columns 48..63 sum two chunks.
from tvm_tirx.script import tirx as T


@T.function
def main(L: T.Tensor((96, 16), "float32"), R: T.Tensor((96, 64), "float32"), C: T.Tensor((16, 64), "float32")):
    T.func_attr({"num_inputs": 2})
    lhs = T.alloc_tensor((0,), ty_args=[T.Tensor((32, 48), "float32", scope="trn.sbuf")])
    rhs = T.alloc_tensor((256,), ty_args=[T.Tensor((32, 192), "float32", scope="trn.sbuf")])
    acc = T.alloc_tensor((2, 0), ty_args=[T.Tensor((1, 16, 64), "float32", scope="trn.psum")])
    res = T.alloc_tensor((1024,), ty_args=[T.Tensor((16, 64), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(16):
            for f in T.serial(64):
                T.nki.memset(acc[0, p, f], T.float32(0.0))
    for c in range(3):
        with T.nki.tensorized_instruction():
            for p in T.serial(32, annotations={"nki_dim": "P"}):
                for f in T.serial(16, annotations={"nki_dim": "F"}):
                    T.nki.load(lhs[p, c * 16 + f], L[c * 32 + p, f])
        with T.nki.tensorized_instruction():
            for p in T.serial(32, annotations={"nki_dim": "P"}):
                for f in T.serial(64, annotations={"nki_dim": "F"}):
                    T.nki.load(rhs[p, c * 64 + f], R[c * 32 + p, f])
    for c in range(3):
        with T.nki.tensorized_instruction():
            for k in T.serial(32, annotations={"nki_dim": "P"}):
                for i in T.serial(16, annotations={"nki_dim": "lhs_F"}):
                    for j in T.serial(64, annotations={"nki_dim": "rhs_F"}):
                        if c < 2 or j < 48:
                            T.nki.matmul(acc[0, i, j], lhs[k, c * 16 + i], rhs[k, c * 64 + j], T.bool(True))
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(64, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(res[p, f], acc[0, p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(64, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], res[p, f])
