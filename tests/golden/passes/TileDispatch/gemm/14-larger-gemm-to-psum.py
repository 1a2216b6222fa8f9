# Reference: test_gemm_trn.py::test_larger_gemm written as the reference writes it: the PSUM layout is the plain (256, 256) layout converted by .to_psum(), which gives the layout 02-larger-gemm.py spells out and the same nest.
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

A_layout = TileLayout(S[(2, 128, 4, 128):(512 @ F, 1 @ F, 128 @ F, 1 @ P)])
B_layout = TileLayout(S[(4, 128, 2, 128):(256 @ F, 1 @ P, 128 @ F, 1 @ F)])
C_layout = TileLayout(S[(2, 128, 2, 128):(256 @ F, 1 @ P, 128 @ F, 1 @ F)]).to_psum()

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((256, 512), "float32", scope="trn.sbuf", layout=A_layout)
    B_sbuf = T.alloc_tensor((512, 256), "float32", scope="trn.sbuf", layout=B_layout)
    C_psum = T.alloc_tensor((256, 256), "float32", scope="trn.psum", layout=C_layout)
    T.trn.tile.matmul(C_psum, A_sbuf, B_sbuf, C_psum)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 1024), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 1024), scope="trn.sbuf")
    C_psum = T.alloc_tensor((1, 128, 512), scope="trn.psum")
    for lhs_b_loop, rhs_b_loop, reduction_b_loop in T.grid(2, 1, 4):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "lhs_F"}):
                for rhs_f_loop in T.serial(0, 256, annotations={"nki_dim": "rhs_F"}):
                    T.nki.matmul(C_psum[0, lhs_f_loop, lhs_b_loop * 256 + rhs_f_loop], A_sbuf[p_loop, lhs_b_loop * 512 + reduction_b_loop * 128 + lhs_f_loop], B_sbuf[p_loop, reduction_b_loop * 256 + rhs_f_loop], True)
