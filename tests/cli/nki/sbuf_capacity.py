import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def big_kernel(a, b):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    ta = nl.ndarray((128, 512), dtype=a.dtype, buffer=nl.sbuf, address=(0, 191 * 1024 + 512))  # expect: sbuf-capacity
    nisa.dma_copy(dst=ta, src=a)
    nisa.dma_copy(dst=out, src=ta)
    return out
