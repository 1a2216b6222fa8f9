"""nc_transpose through PSUM at an explicit bank (bank 3: byte 3 * 2048)."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def transpose_psum(a):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    t = nl.ndarray((128, 128), dtype=a.dtype, buffer=nl.sbuf, address=(0, 0))
    nisa.dma_copy(dst=t, src=a)
    tp = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.psum, address=(0, 3 * 2048))
    nisa.nc_transpose(dst=tp, data=t)
    back = nl.ndarray((128, 128), dtype=a.dtype, buffer=nl.sbuf, address=(0, 256))
    nisa.tensor_copy(dst=back, src=tp)
    nisa.dma_copy(dst=out, src=back)
    return out
