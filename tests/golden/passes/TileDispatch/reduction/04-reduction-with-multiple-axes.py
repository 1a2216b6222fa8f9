# Reference: test_reduction_trn.py::test_reduction_with_multiple_axes (axes (1, 2) fuse into one 2048-element instruction).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 512, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512, 4):(1 @ P, 1 @ F, 512 @ F)]))
    B_sbuf = T.alloc_tensor((128,), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[128:1 @ P]))
    T.trn.tile.tensorreduce(B_sbuf, A_sbuf, axes=(1, 2), max_inst_size=2048, reduce_op="sum")
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 1), scope="trn.sbuf")
    for b_loop in range(1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 2048, annotations={"nki_dim": "F"}):
                T.nki.tensorreduce(B_sbuf[p_loop, 0], A_sbuf[p_loop, f_loop], "add", False, -1)
