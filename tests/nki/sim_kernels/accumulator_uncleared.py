"""A PSUM accumulator whose first matmul adds to it (accumulate=True)
although nothing ever wrote it: the read of never-written PSUM is at the
matmul's line."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def accumulator_uncleared(a_t, b):
    out = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
    lhs = nl.ndarray((128, 128), dtype=a_t.dtype, buffer=nl.sbuf)
    rhs = nl.ndarray((128, 512), dtype=b.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=lhs, src=a_t)
    nisa.dma_copy(dst=rhs, src=b)
    acc = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum)
    nisa.nc_matmul(dst=acc, stationary=lhs, moving=rhs, accumulate=True)  # never cleared
    res = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_copy(dst=res, src=acc)
    nisa.dma_copy(dst=out, src=res)
    return out
