# Reference: test_compose_op_trn.py::test_tensor_scalar_reduce_two_stage (axes (1, 2) not contiguous: four partial sums).
# passes: TrnPrivateTensorAlloc, TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 1024, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096, 4):(1 @ P, 1 @ F, 4096 @ F)]))
    B_sbuf = T.alloc_tensor((512, 1024, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096, 4):(1 @ P, 1 @ F, 4096 @ F)]))
    C_sbuf = T.alloc_tensor((512,), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
    T.trn.tile.tensorscalar_reduce(B_sbuf, C_sbuf, A_sbuf, T.float32(1.0), opcode="add", reduce_op="sum", axes=(1, 2))
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    partial_reduce = T.alloc_tensor((128, 4), scope="trn.sbuf")
    A_sbuf = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    C_sbuf = T.alloc_tensor((128, 4), scope="trn.sbuf")
    for b_loop in range(4):
        for reduction_b_loop in range(4):
            T.nki.tensorized_instruction()
            for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
                for f_loop in T.serial(1024, annotations={"nki_dim": "F"}):
                    T.nki.tensorscalar_reduce(partial_reduce[p_loop, reduction_b_loop], B_sbuf[p_loop, reduction_b_loop * 4096 + b_loop * 1024 + f_loop], A_sbuf[p_loop, reduction_b_loop * 4096 + b_loop * 1024 + f_loop], T.float32(1.0), "add", "add", T.bool(False))
        T.nki.tensorized_instruction()
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(4, annotations={"nki_dim": "F"}):
                T.nki.tensorreduce(C_sbuf[p_loop, b_loop], partial_reduce[p_loop, f_loop], "add", T.bool(False), -1)
