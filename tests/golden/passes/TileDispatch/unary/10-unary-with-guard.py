# Reference: test_unary_trn.py::test_unary_with_guard (symbolic extents in both dims, a guarded sqrt with a bias column).
# passes: TileDispatch, LowerTrainiumLayout, StmtSimplify
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 1024):(1024 @ F, 1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((512, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128):(1 @ F, 1 @ P)]))
    C_sbuf = T.alloc_tensor((512, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 1024):(1024 @ F, 1 @ P, 1 @ F)]))
    for i in range(4):
        for j in range(4):
            T.trn.tile.activation(C_sbuf[0 : (i + 1) * 128, 0 : (j + 1) * 256], A_sbuf[0 : (i + 1) * 128, 0 : (j + 1) * 256], bias=B_sbuf[0 : (i + 1) * 128, 0], scale=T.float32(2.0), opcode="sqrt")
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 4096), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 4), scope="trn.sbuf")
    C_sbuf = T.alloc_tensor((128, 4096), scope="trn.sbuf")
    for i, j, b_loop in T.grid(4, 4, 8):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                if b_loop // 2 - i < 1 and b_loop % 2 * 512 + f_loop < j * 256 + 256:
                    T.nki.activation(C_sbuf[p_loop, b_loop * 512 + f_loop], A_sbuf[p_loop, b_loop * 512 + f_loop], "sqrt", B_sbuf[p_loop, b_loop // 2], T.float32(2.0))
