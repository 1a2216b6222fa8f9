# Reference: test_compose_op_trn.py::test_binary_chain_guard (c = 1.0 - (a + v) on the valid part of a symbolic region).
# passes: TileDispatch, LowerTrainiumLayout, StmtSimplify
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((512, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128):(1 @ F, 1 @ P)]))
    C_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    for j in range(4):
        for i in range(4):
            T.trn.tile.scalar_tensor_scalar(C_sbuf[0 : 128 * (j + 1), 0 : 128 * (i + 1)], A_sbuf[0 : 128 * (j + 1), 0 : 128 * (i + 1)], B_sbuf[0 : 128 * (j + 1), 0], T.float32(1.0), reverse1=True, op0="add", op1="sub")
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 4), scope="trn.sbuf")
    C_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    for j, i, b_loop in T.grid(4, 4, 4):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                if b_loop - j < 1 and f_loop < i * 128 + 128:
                    T.nki.scalar_tensor_scalar(C_sbuf[p_loop, b_loop * 512 + f_loop], A_sbuf[p_loop, b_loop * 512 + f_loop], B_sbuf[p_loop, b_loop], T.float32(1.0), "add", "sub", T.bool(False), T.bool(True))
