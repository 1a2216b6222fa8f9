# Reference: test_copy_trn.py::test_simple_copy_2 (the partition axis is the innermost HBM dim: 512 one-column loads).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((128, 512), "float32", layout=T.TileLayout(T.S[(128, 4, 128):(512, 128, 1)]))):
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4, 128):(4 @ F, 1 @ F, 1 @ P)]))
    T.trn.tile.load(A_sbuf, A)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), layout=None)):
    A_1 = T.decl_tensor((65536,), data=A.data, layout=None)
    A_sbuf = T.alloc_tensor((128, 512), scope="trn.sbuf")
    for b_loop in T.serial(0, 512):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 1, annotations={"nki_dim": "F"}):
                T.nki.load(A_sbuf[p_loop, b_loop], A_1[b_loop * 128 + p_loop])
