# Reference: test_copy_trn.py::test_copy_in_a_loop_2 (loads through (128, 4, 512) views of both tensors).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((512, 512), "float32", layout=T.TileLayout(T.S[(128, 2048):(2048, 1)]))):
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 2048):(1 @ P, 1 @ F)]))
    A_sbuf_view = A_sbuf.view(128, 4, 512)
    A_view = A.view(128, 4, 512)
    for i in range(4):
        T.trn.tile.load(A_sbuf_view[:, i, :], A_view[:, i, :])
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((512, 512), layout=None)):
    _A_flat = T.decl_tensor((262144,), data=A.data, layout=None)
    A_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    A_sbuf_view = T.decl_tensor((128, 2048), data=A_sbuf.data, scope="trn.sbuf", layout=None)
    A_view = T.decl_tensor((262144,), data=_A_flat.data, layout=None)
    for i, b_loop in T.grid(4, 1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(A_sbuf_view[p_loop, i * 512 + f_loop], A_view[p_loop * 2048 + i * 512 + f_loop])
