# Reference: test_compose_op_trn.py::test_activation_reduce_in_loop (16 spatial blocks over a permuted layout; the reduced index follows the blocks).
# passes: TrnPrivateTensorAlloc, TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((32, 512, 128), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16384, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 1024, 128):(1024 @ F, 2048 @ F, 1 @ F, 1 @ P)]))
    C = T.alloc_tensor((16, 128), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 2, 128):(2 @ F, 4 @ F, 1 @ F, 1 @ P)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B, C, A[i * 16 : i * 16 + 16], opcode="sqrt", reduce_op="sum", axes=1)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    const_bias = T.alloc_tensor((128, 512), scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p_loop, f_loop], T.float32(0.0))
    A = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    B = T.alloc_tensor((128, 8192), scope="trn.sbuf")
    C = T.alloc_tensor((128, 16), scope="trn.sbuf")
    for i, b_loop in T.grid(2, 16):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.activation_reduce(C[p_loop, b_loop % 8 // 2 * 4 + b_loop // 8 * 2 + b_loop % 2], B[p_loop, b_loop % 8 // 2 * 2048 + b_loop // 8 * 1024 + b_loop % 2 * 512 + f_loop], A[p_loop, i * 8192 + b_loop * 512 + f_loop], "sqrt", "add", const_bias[p_loop, f_loop], T.float32(1.0))
