# Reference: test_copy_trn.py::test_copy_with_complex_index_2 (the transposed case of 12: a strided HBM source).
# passes: TileDispatch, LowerTrainiumLayout
# verify: off
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((2, 2048, 1024), "float32", layout=T.TileLayout(T.S[(2, 2048, 1024):(2048 * 1024, 1, 2048)]))):
    T.device_entry()
    A_sbuf = T.alloc_tensor((4096, 4096), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4096, 32, 128):(1 @ F, 4096 @ F, 1 @ P)]))
    T.trn.tile.load(A_sbuf[2048:4096, 3072:4096], A[1, 0:2048, 0:1024])
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((2, 2048, 1024), layout=None)):
    A_1 = T.decl_tensor((4194304,), data=A.data, layout=None)
    A_sbuf = T.alloc_tensor((128, 131072), scope="trn.sbuf")
    for b_loop in T.serial(0, 8):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 2048, annotations={"nki_dim": "F"}):
                T.nki.load(A_sbuf[p_loop, b_loop * 4096 + f_loop + 100352], A_1[b_loop * 262144 + p_loop * 2048 + f_loop + 2097152])
