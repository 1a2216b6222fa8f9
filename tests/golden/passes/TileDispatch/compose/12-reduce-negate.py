# Reference: test_compose_op_trn.py::test_reduce_negate (negate=True changes only the instruction's flag).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 512, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512, 4):(1 @ P, 4 @ F, 1 @ F)]))
    B_sbuf = T.alloc_tensor((128, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
    for i in range(4):
        T.trn.tile.tensorreduce(B_sbuf[:, i], A_sbuf[:, :, i], reduce_op="sum", negate=True, axes=-2)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 4), scope="trn.sbuf")
    for i, b_loop in T.grid(4, 1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensorreduce(B_sbuf[p_loop, i], A_sbuf[p_loop, f_loop * 4 + i], "add", True, -1)
