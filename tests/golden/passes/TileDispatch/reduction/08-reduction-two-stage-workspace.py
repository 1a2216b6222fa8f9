# Reference: test_reduction_trn.py::test_reduction_two_stage_workspace (the user's (128, 64) partial_reduce tile is used as given).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    intermediate_tensor = T.alloc_tensor((128, 64), scope="trn.sbuf")
    A_sbuf = T.alloc_tensor((128, 32, 4, 32), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096):(1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((128, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
    T.trn.tile.tensorreduce(B_sbuf, A_sbuf, axes=(1, 3), partial_reduce=intermediate_tensor, reduce_op="sum")
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    intermediate_tensor = T.alloc_tensor((128, 64), scope="trn.sbuf")
    A_sbuf = T.alloc_tensor((128, 4096), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 4), scope="trn.sbuf")
    for b_loop in range(4):
        for reduction_b_loop in range(32):
            T.nki.tensorized_instruction()
            for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f_loop in T.serial(0, 32, annotations={"nki_dim": "F"}):
                    T.nki.tensorreduce(intermediate_tensor[p_loop, reduction_b_loop], A_sbuf[p_loop, reduction_b_loop * 128 + b_loop * 32 + f_loop], "add", False, -1)
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 32, annotations={"nki_dim": "F"}):
                T.nki.tensorreduce(B_sbuf[p_loop, b_loop], intermediate_tensor[p_loop, f_loop], "add", False, -1)
