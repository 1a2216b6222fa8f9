# Reference: test_copy_trn.py::test_copy_different_shape (a (512, 4) view of a (4, 128, 4) tensor from a column slice).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 4, 4, 4):(64 @ F, 1 @ P, 16 @ F, 4 @ F, 1 @ F)]))
    B_sbuf = T.alloc_tensor((4, 128, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 4):(4 @ F, 1 @ P, 1 @ F)]))
    B_sbuf_view = B_sbuf.view(512, 4)
    T.trn.tile.tensor_copy(B_sbuf_view, A_sbuf[:, 0:4])
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 256), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 16), scope="trn.sbuf")
    B_sbuf_view = T.decl_tensor((128, 16), data=B_sbuf.data, scope="trn.sbuf", layout=None)
    for b_loop in T.serial(0, 4):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 4, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(B_sbuf_view[p_loop, b_loop * 4 + f_loop], A_sbuf[p_loop, b_loop * 64 + f_loop])
