# Reference: test_copy_trn.py::test_copy_different_shape_dim (a 2-D tile loaded from slices A[i, :, :] of a 3-D tensor).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((32, 128, 512), "float32", layout=T.TileLayout(T.S[(32, 128, 512):(128 * 512, 128, 1)]))):
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    for i in range(32):
        T.trn.tile.load(A_sbuf, A[i, :, :])
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((32, 128, 512), layout=None)):
    A_1 = T.decl_tensor((2097152,), data=A.data, layout=None)
    A_sbuf = T.alloc_tensor((128, 512), scope="trn.sbuf")
    for i, b_loop in T.grid(32, 1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(A_sbuf[p_loop, f_loop], A_1[i * 65536 + p_loop * 128 + f_loop])
