# Reference: test_gemm_trn.py::test_gemm_pf_mismatch_fail (B's contraction dim holds no partition axis: rejected). The PSUM layout is written after to_psum (chapter 02 §7.2).
# passes: TileDispatch
# expect: 15:13: error: the accumulation dimension and the output's non-streaming dimension must contain the whole partition dimension; dimension 0 of 'B_sbuf' does not [TileDispatch]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 8, 128):(1024 @ F, 1 @ F, 128 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((256, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 8, 128):(128 @ F, 1 @ F, 256 @ F, 1 @ P)]))
    C_psum = T.alloc_tensor((512, 256), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(2, 2, 128, 2, 128):(1 @ Bank, 256 @ F, 1 @ P, 128 @ F, 1 @ F)]))
    for i in range(2):
        for k in range(2):
            T.trn.tile.matmul(C_psum[256 * i : 256 * i + 256, :], A_sbuf[256 * i : 256 * i + 256, 512 * k : 512 * k + 512], B_sbuf[:, 512 * k : 512 * k + 512], C_psum[256 * i : 256 * i + 256, :])
