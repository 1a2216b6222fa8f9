"""Tutorial-sized matmul: C[M, N] = A[K, M].T @ B[K, N], K accumulated in one
PSUM bank per output tile (current API, modelled placement)."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def matmul_psum(a_t, b):
    K, M = a_t.shape
    _, N = b.shape
    out = nl.ndarray((M, N), dtype=nl.float32, buffer=nl.shared_hbm)
    for m in nl.affine_range(M // 128):
        for n in nl.affine_range(N // 512):
            acc = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum)
            for k in nl.sequential_range(K // 128):
                lhs = nl.ndarray((128, 128), dtype=a_t.dtype, buffer=nl.sbuf)
                rhs = nl.ndarray((128, 512), dtype=b.dtype, buffer=nl.sbuf)
                nisa.dma_copy(dst=lhs, src=a_t[k * 128:(k + 1) * 128, m * 128:(m + 1) * 128])
                nisa.dma_copy(dst=rhs, src=b[k * 128:(k + 1) * 128, nl.ds(n * 512, 512)])
                nisa.nc_matmul(dst=acc, stationary=lhs, moving=rhs, accumulate=(k > 0))
            res = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
            nisa.tensor_copy(dst=res, src=acc)
            nisa.dma_copy(dst=out[m * 128:(m + 1) * 128, n * 512:(n + 1) * 512], src=res)
    return out
