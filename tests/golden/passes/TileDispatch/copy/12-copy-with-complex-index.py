# Reference: test_copy_trn.py::test_copy_with_complex_index (column-major HBM source, SBUF region at a constant offset).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((4096, 4096), "float32", layout=T.TileLayout(T.S[(4096, 4096):(1, 4096)]))):
    T.device_entry()
    A_sbuf = T.alloc_tensor((2, 2048, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 2048, 8, 128):(16384 @ F, 1 @ F, 2048 @ F, 1 @ P)]))
    T.trn.tile.load(A_sbuf[1, 0:2048, 0:1024], A[2048:4096, 3072:4096])
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4096, 4096), layout=None)):
    A_1 = T.decl_tensor((16777216,), data=A.data, layout=None)
    A_sbuf = T.alloc_tensor((128, 32768), scope="trn.sbuf")
    for b_loop in T.serial(0, 8):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 2048, annotations={"nki_dim": "F"}):
                T.nki.load(A_sbuf[p_loop, b_loop * 2048 + f_loop + 16384], A_1[b_loop * 524288 + p_loop * 4096 + f_loop + 12584960])
