# Reference: test_compose_op_trn.py::test_activation_reduce_with_bias_scale (a (128,) bias tensor and scale 2.0).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((32, 512, 128), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16384, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(8192, 128):(1 @ F, 1 @ P)]))
    C = T.alloc_tensor((16, 128), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 2, 128):(2 @ F, 4 @ F, 1 @ F, 1 @ P)]))
    bias = T.alloc_tensor((128,), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B, C, A[i * 16 : i * 16 + 16], bias=bias, scale=T.float32(2.0), opcode="sqrt", reduce_op="sum", axes=1)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    B = T.alloc_tensor((128, 8192), scope="trn.sbuf")
    C = T.alloc_tensor((128, 16), scope="trn.sbuf")
    bias = T.alloc_tensor((128, 1), scope="trn.sbuf")
    for i, b_loop in T.grid(2, 16):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.activation_reduce(C[p_loop, b_loop % 8 // 2 * 4 + b_loop // 8 * 2 + b_loop % 2], B[p_loop, b_loop * 512 + f_loop], A[p_loop, i * 8192 + b_loop * 512 + f_loop], "sqrt", "add", bias[p_loop, 0], T.float32(2.0))
