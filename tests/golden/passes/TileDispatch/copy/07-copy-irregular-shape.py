# Reference: test_copy_trn.py::test_copy_irregular_shape (stores into column slices of a (128, 10000) HBM tensor).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((128, 10000), "float32", layout=T.TileLayout(T.S[(128, 10000):(10000, 1)]))):
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    for i in range(4):
        T.trn.tile.store(A[:, i * 512 : i * 512 + 512], A_sbuf)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((128, 10000), layout=None)):
    A_1 = T.decl_tensor((1280000,), data=A.data, layout=None)
    A_sbuf = T.alloc_tensor((128, 512), scope="trn.sbuf")
    for i, b_loop in T.grid(4, 1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(A_1[p_loop * 10000 + i * 512 + f_loop], A_sbuf[p_loop, f_loop])
