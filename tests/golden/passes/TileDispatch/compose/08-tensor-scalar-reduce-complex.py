# Reference: test_compose_op_trn.py::test_tensor_scalar_reduce_complex (reduce over axis 0 with a broadcast first operand: reverse set).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(128 @ F, 1 @ F, 4096 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4, 128):(1 @ F, 128 @ F, 1 @ P)]))
    C_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(128 @ F, 1 @ F, 4096 @ F, 1 @ P)]))
    D_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4, 128):(1 @ F, 128 @ F, 1 @ P)]))
    T.trn.tile.tensorscalar_reduce(C_sbuf, D_sbuf, B_sbuf, A_sbuf, opcode="add", reduce_op="sum", axes=0)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 512), scope="trn.sbuf")
    C_sbuf = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    D_sbuf = T.alloc_tensor((128, 512), scope="trn.sbuf")
    for b_loop in range(512):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 32, annotations={"nki_dim": "F"}):
                T.nki.tensorscalar_reduce(D_sbuf[p_loop, b_loop % 4 * 128 + b_loop // 4], C_sbuf[p_loop, b_loop % 4 * 4096 + f_loop * 128 + b_loop // 4], A_sbuf[p_loop, b_loop % 4 * 4096 + f_loop * 128 + b_loop // 4], B_sbuf[p_loop, b_loop % 4 * 128 + b_loop // 4], "add", "add", T.bool(True))
