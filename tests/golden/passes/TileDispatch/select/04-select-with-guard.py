# Reference: apache/tvm test_select_trn.py::test_select_with_guard (symbolic extents in both dims).
# passes: TileDispatch, LowerTrainiumLayout, StmtSimplify
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    for i in range(4):
        for j in range(4):
            T.trn.tile.affine_select(B_sbuf[0 : (i + 1) * 128, 0 : (j + 1) * 128], A_sbuf[0 : (i + 1) * 128, 0 : (j + 1) * 128], T.float32(0.0), lambda a, b: a < b)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    for i, j, b_loop in T.grid(4, 4, 4):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                if b_loop - i < 1 and f_loop < j * 128 + 128:
                    T.nki.affine_select(B_sbuf[p_loop, b_loop * 512 + f_loop], b_loop * 128 + p_loop < f_loop, A_sbuf[p_loop, b_loop * 512 + f_loop], T.float32(0.0))
