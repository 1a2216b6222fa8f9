# Lowered NKI instruction nests (chapter 06 spellings).
from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((128, 512), "float32", layout=None), B: T.Tensor((65536,), "float32", layout=None)):
    a = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    b = T.alloc_tensor((2048,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    acc = T.alloc_tensor((0, 0), ty_args=[T.Tensor((8, 128, 512), "float32", scope="trn.psum")])
    for b_loop in range(1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.load(a[p_loop, f_loop], B[p_loop * 512 + f_loop])
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.activation(b[p_loop, f_loop], a[p_loop, f_loop], "exp", T.float32(0.0), T.float32(1.0))
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for lhs_f_loop in T.serial(128, annotations={"nki_dim": "lhs_F"}):
                for rhs_f_loop in T.serial(512, annotations={"nki_dim": "rhs_F"}):
                    T.nki.matmul(acc[0, lhs_f_loop, rhs_f_loop], a[p_loop, lhs_f_loop], b[p_loop, rhs_f_loop], True)
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensorreduce(a[p_loop, 0], b[p_loop, f_loop], "add", False, -1)
