# Chapter 03 §5.4 (test_copy_in_a_loop after TileDispatch): the global parameter keeps its
# logical type, its flat alias is declared first; the SBUF tensor becomes (128, 2048).
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main(A: T.Tensor((512, 512), "float32", layout=T.TileLayout(T.S[(4, 128, 512):(512 * 128, 512, 1)]))):
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    for i, b_loop in T.grid(4, 1):
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                A_sbuf[i * 128 + p_loop, f_loop] = A[i * 128 + p_loop, f_loop]
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main(A: T.Tensor((512, 512), "float32", layout=None)):
    A_1 = T.decl_tensor(A.data, ty_args=[T.Tensor((262144,), "float32", layout=None)])
    A_sbuf = T.alloc_tensor(ty_args=[T.Tensor((128, 2048), "float32", scope="trn.sbuf")])
    for i, b_loop in T.grid(4, 1):
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                A_sbuf[p_loop, i * 512 + f_loop] = A_1[i * 65536 + p_loop * 512 + f_loop]
