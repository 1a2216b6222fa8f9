import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def psum_kernel(a, b):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    acc = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum, address=(0, 8 * 2048))  # expect: psum-capacity
    ta = nl.ndarray((128, 512), dtype=a.dtype, buffer=nl.sbuf)
    nisa.memset(dst=acc, value=0.0)
    nisa.tensor_copy(dst=ta, src=acc)
    nisa.dma_copy(dst=out, src=ta)
    return out
