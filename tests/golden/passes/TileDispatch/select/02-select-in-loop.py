# Reference: apache/tvm test_select_trn.py::test_select_in_loop (a slice A[i * 16] of a 3-D tensor, predicate (i + 1) * a < b).
# passes: TileDispatch, LowerTrainiumLayout, StmtSimplify
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    for i in range(2):
        T.trn.tile.affine_select(B_sbuf, A_sbuf[i * 16, :, :], T.float32(0.0), lambda a, b: (i + 1) * a < b)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 512), scope="trn.sbuf")
    for i, b_loop in T.grid(2, 1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.affine_select(B_sbuf[p_loop, f_loop], (i + 1) * p_loop < f_loop, A_sbuf[p_loop, i * 8192 + f_loop], T.float32(0.0))
