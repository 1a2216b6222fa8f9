# Reference: test_compose_op_trn.py::test_activation_reduce_two_stage (axes (0, 1): eight partial sums, a (128, 1024) const_bias).
# passes: TrnPrivateTensorAlloc, TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((32, 512, 128), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16384, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 1024, 128):(1024 @ F, 2048 @ F, 1 @ F, 1 @ P)]))
    C = T.alloc_tensor((1, 128), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(1, 128):(1 @ F, 1 @ P)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B, C, A[i * 16 : i * 16 + 16], opcode="sqrt", reduce_op="sum", axes=(0, 1))
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    partial_reduce = T.alloc_tensor((128, 8), scope="trn.sbuf")
    const_bias = T.alloc_tensor((128, 1024), scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(1024, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p_loop, f_loop], T.float32(0.0))
    A = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    B = T.alloc_tensor((128, 8192), scope="trn.sbuf")
    C = T.alloc_tensor((128, 1), scope="trn.sbuf")
    for i, b_loop in T.grid(2, 1):
        for reduction_b_loop in range(8):
            T.nki.tensorized_instruction()
            for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
                for f_loop in T.serial(1024, annotations={"nki_dim": "F"}):
                    T.nki.activation_reduce(partial_reduce[p_loop, reduction_b_loop], B[p_loop, reduction_b_loop % 4 * 2048 + reduction_b_loop // 4 * 1024 + f_loop], A[p_loop, i * 8192 + reduction_b_loop * 1024 + f_loop], "sqrt", "add", const_bias[p_loop, f_loop], T.float32(1.0))
        T.nki.tensorized_instruction()
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(8, annotations={"nki_dim": "F"}):
                T.nki.tensorreduce(C[p_loop, 0], partial_reduce[p_loop, f_loop], "add", T.bool(False), -1)
