# Reference: apache/tvm test_binary_trn.py::test_binary_with_guard (a symbolic last extent 128 * j, guarded after StmtSimplify)
# passes: TileDispatch, LowerTrainiumLayout, StmtSimplify
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(128 @ F, 1 @ F, 4096 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4, 128):(1 @ F, 128 @ F, 1 @ P)]))
    C_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(128 @ F, 1 @ F, 4096 @ F, 1 @ P)]))
    for j in range(4):
        T.trn.tile.tensortensor(C_sbuf[:, :, 0 : j * 128], A_sbuf[:, :, 0 : j * 128], B_sbuf[:, 0 : j * 128], opcode="add")
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 512), scope="trn.sbuf")
    C_sbuf = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    for j, b_loop in T.grid(4, 96):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 128, annotations={"nki_dim": "F"}):
                if b_loop % 3 - j < 0:
                    T.nki.tensortensor(C_sbuf[p_loop, b_loop % 3 * 4096 + b_loop // 3 * 128 + f_loop], A_sbuf[p_loop, b_loop % 3 * 4096 + b_loop // 3 * 128 + f_loop], B_sbuf[p_loop, b_loop % 3 * 128 + f_loop], "add")
