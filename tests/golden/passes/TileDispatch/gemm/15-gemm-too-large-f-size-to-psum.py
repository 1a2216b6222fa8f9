# Reference: test_gemm_trn.py::test_gemm_too_large_f_size written as the reference writes it: .to_psum() splits the 1024-wide rows of C into two banks each, so the result is the layout 08-gemm-too-large-f-size.py spells out and the same nest.
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((256, 128), "float32", scope="trn.sbuf", layout=TileLayout(S[(256, 128):(1 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((128, 1024), "float32", scope="trn.sbuf", layout=TileLayout(S[(128, 1024):(1 @ P, 1 @ F)]))
    C_psum = T.alloc_tensor((256, 1024), "float32", scope="trn.psum", layout=TileLayout(S[(2, 128, 1024):(1024 @ F, 1 @ P, 1 @ F)]).to_psum())
    T.trn.tile.matmul(C_psum, A_sbuf, B_sbuf, C_psum)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 256), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 1024), scope="trn.sbuf")
    C_psum = T.alloc_tensor((4, 128, 512), scope="trn.psum")
    for lhs_b_loop, rhs_b_loop, reduction_b_loop in T.grid(2, 2, 1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "lhs_F"}):
                for rhs_f_loop in T.serial(0, 512, annotations={"nki_dim": "rhs_F"}):
                    T.nki.matmul(C_psum[lhs_b_loop * 2 + rhs_b_loop, lhs_f_loop, rhs_f_loop], A_sbuf[p_loop, lhs_b_loop * 128 + lhs_f_loop], B_sbuf[p_loop, rhs_b_loop * 512 + rhs_f_loop], True)
