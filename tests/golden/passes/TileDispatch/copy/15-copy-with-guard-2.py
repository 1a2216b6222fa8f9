# Reference: test_copy_trn.py::test_copy_with_guard_2 (both extents symbolic: the row blocks are guarded too).
# passes: TileDispatch, LowerTrainiumLayout, StmtSimplify
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((512, 512), "float32", layout=T.TileLayout(T.S[(4, 128, 512):(512 * 128, 512, 1)]))):
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    for j in range(4):
        for i in range(4):
            T.trn.tile.load(A_sbuf[0 : 128 * j, 0 : 128 * i], A[0 : 128 * j, 0 : 128 * i])
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((512, 512), layout=None)):
    A_1 = T.decl_tensor((262144,), data=A.data, layout=None)
    A_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    for j, i, b_loop in T.grid(4, 4, 3):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 384, annotations={"nki_dim": "F"}):
                if b_loop - j < 0 and f_loop < i * 128:
                    T.nki.load(A_sbuf[p_loop, b_loop * 512 + f_loop], A_1[b_loop * 65536 + p_loop * 512 + f_loop])
