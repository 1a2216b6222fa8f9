# Reference: test_gemm_trn.py::test_simple_gemm (128 x 128 x 128 into a PSUM tile, one instruction). The PSUM layout is written after to_psum (chapter 02 §7.2).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    C_psum = T.alloc_tensor((128, 128), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    T.trn.tile.matmul(C_psum, A_sbuf, B_sbuf, C_psum)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 128), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 128), scope="trn.sbuf")
    C_psum = T.alloc_tensor((1, 128, 128), scope="trn.psum")
    for lhs_b_loop, rhs_b_loop, reduction_b_loop in T.grid(1, 1, 1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "lhs_F"}):
                for rhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "rhs_F"}):
                    T.nki.matmul(C_psum[0, lhs_f_loop, rhs_f_loop], A_sbuf[p_loop, lhs_f_loop], B_sbuf[p_loop, rhs_f_loop], True)
