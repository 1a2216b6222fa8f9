# Reference: test_copy_trn.py::test_copy_with_offset (a (256, 512) HBM tensor loaded twice at row offsets 0 and 256).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((256, 512), "float32", layout=T.TileLayout(T.S[(256, 512):(512, 1)]))):
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    for i in range(2):
        T.trn.tile.load(A_sbuf[i * 256 : i * 256 + 256, :], A)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((256, 512), layout=None)):
    A_1 = T.decl_tensor((131072,), data=A.data, layout=None)
    A_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    for i, b_loop in T.grid(2, 2):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(A_sbuf[p_loop, i * 1024 + b_loop * 512 + f_loop], A_1[b_loop * 65536 + p_loop * 512 + f_loop])
