# Reference: test_gemm_trn.py::test_gemm_sbuf_output_with_workspace (a one-slot user acc_psum: slot 0 everywhere).
# passes: TileDispatch, LowerTrainiumLayout, StmtSimplify
# expect: 16:13: warning: T.trn.tile.matmul: the acc_psum slots are never cleared and its 4 output blocks take turns in 1 acc_psum slot(s) and the enclosing loop(s) 'i', 'k' run this matmul again over the same slot(s): D receives the running sum of every product that went through its slot, not this product alone (the reference's lowering); to choose what accumulates, write D in PSUM, cleared first by a tensor_copy from a zeroed SBUF tile [TileDispatch]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 8, 128):(1024 @ F, 1 @ F, 128 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((1024, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(8, 128, 2, 128):(256 @ F, 1 @ P, 128 @ F, 1 @ F)]))
    C_sbuf = T.alloc_tensor((512, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 2, 128):(256 @ F, 1 @ F, 128 @ F, 1 @ P)]))
    C_psum = T.alloc_tensor((1, 128, 512), "float32", scope="trn.psum", allocated_addr=(0, 0))
    for i in range(2):
        for k in range(2):
            T.trn.tile.matmul(C_sbuf[256 * i : 256 * i + 256, :], A_sbuf[256 * i : 256 * i + 256, 512 * k : 512 * k + 512], B_sbuf[512 * k : 512 * k + 512, :], C_sbuf[256 * i : 256 * i + 256, :], acc_psum=C_psum)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 4096), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    C_sbuf = T.alloc_tensor((128, 1024), scope="trn.sbuf")
    C_psum = T.alloc_tensor((1, 128, 512), scope="trn.psum", allocated_addr=[0, 0])
    for i, k, lhs_b_loop, rhs_b_loop in T.grid(2, 2, 2, 2):
        for reduction_b_loop in range(4):
            T.nki.tensorized_instruction()
            for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "lhs_F"}):
                    for rhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "rhs_F"}):
                        T.nki.matmul(C_psum[0, lhs_f_loop, rhs_f_loop], B_sbuf[p_loop, k * 1024 + reduction_b_loop * 256 + lhs_b_loop * 128 + lhs_f_loop], A_sbuf[p_loop, i * 2048 + rhs_b_loop * 1024 + k * 512 + reduction_b_loop * 128 + rhs_f_loop], True)
        T.nki.tensorized_instruction()
        for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for rhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(C_sbuf[lhs_f_loop, i * 512 + rhs_b_loop * 256 + lhs_b_loop * 128 + rhs_f_loop], C_psum[0, lhs_f_loop, rhs_f_loop])
