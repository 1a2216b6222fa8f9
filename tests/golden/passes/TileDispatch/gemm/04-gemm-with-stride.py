# Reference: test_gemm_trn.py::test_gemm_with_stride (strided operands A[:, :, k] and B[:, k, :]). The PSUM layout is written after to_psum (chapter 02 §7.2).
# passes: TileDispatch, LowerTrainiumLayout
# verify: off
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 512, 2), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 128, 8):(1024 @ F, 1 @ F, 1 @ P, 128 @ F)]))
    B_sbuf = T.alloc_tensor((512, 2, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 8, 2, 128):(1 @ P, 512 @ F, 256 @ F, 2 @ F)]))
    C_psum = T.alloc_tensor((512, 256), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(2, 2, 128, 2, 128):(1 @ Bank, 256 @ F, 1 @ P, 128 @ F, 1 @ F)]))
    for i in range(2):
        for k in range(2):
            T.trn.tile.matmul(C_psum[256 * i : 256 * i + 256, :], A_sbuf[256 * i : 256 * i + 256, :, k], B_sbuf[:, k, :], C_psum[256 * i : 256 * i + 256, :])
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 4096), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 4095), scope="trn.sbuf")
    C_psum = T.alloc_tensor((2, 128, 512), scope="trn.psum")
    for i, k, lhs_b_loop, rhs_b_loop, reduction_b_loop in T.grid(2, 2, 2, 1, 4):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "lhs_F"}):
                for rhs_f_loop in T.serial(0, 256, annotations={"nki_dim": "rhs_F"}):
                    T.nki.matmul(C_psum[i, lhs_f_loop, lhs_b_loop * 256 + rhs_f_loop], A_sbuf[p_loop, i * 2048 + lhs_b_loop * 1024 + reduction_b_loop * 256 + k * 128 + lhs_f_loop], B_sbuf[p_loop, reduction_b_loop * 1024 + k * 512 + rhs_f_loop * 2], True)
