"""Negative: nc_matmul(accumulate=True) onto a PSUM tile a memset cleared
(undefined on NeuronCore-v2/v3: the first matmul must use accumulate=False)."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def neg_accumulate_after_memset(a, b):
    lhs = nl.ndarray((128, 128), dtype=a.dtype, buffer=nl.sbuf)
    rhs = nl.ndarray((128, 512), dtype=b.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=lhs, src=a)
    nisa.dma_copy(dst=rhs, src=b)
    acc = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum)
    nisa.memset(dst=acc, value=0.0)
    nisa.nc_matmul(dst=acc, stationary=lhs, moving=rhs, accumulate=True)  # expect: contract
    return a
