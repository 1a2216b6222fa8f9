# Reference: test_compose_op_trn.py::test_vector_chain ((A + B) then D + t with reverse1; B read once per partition and block).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(1 @ F, 32 @ F, 4096 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(512, 128):(1 @ F, 1 @ P)]))
    _C_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(1 @ F, 32 @ F, 4096 @ F, 1 @ P)]))
    D_sbuf = T.alloc_tensor((512,), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128):(1 @ F, 1 @ P)]))
    E_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(1 @ F, 32 @ F, 4096 @ F, 1 @ P)]))
    T.trn.tile.scalar_tensor_scalar(E_sbuf, A_sbuf, B_sbuf, D_sbuf, reverse1=True, op0="add", op1="add")
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 512), scope="trn.sbuf")
    _C_sbuf = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    D_sbuf = T.alloc_tensor((128, 4), scope="trn.sbuf")
    E_sbuf = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    for b_loop in T.serial(0, 512):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 32, annotations={"nki_dim": "F"}):
                T.nki.scalar_tensor_scalar(E_sbuf[p_loop, b_loop % 4 * 4096 + b_loop // 4 * 32 + f_loop], A_sbuf[p_loop, b_loop % 4 * 4096 + b_loop // 4 * 32 + f_loop], B_sbuf[p_loop, b_loop], D_sbuf[p_loop, b_loop % 4], "add", "add", T.bool(False), T.bool(True))
