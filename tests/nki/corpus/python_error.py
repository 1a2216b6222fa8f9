"""An exception in the user's code is a located `python` error; what ran before is kept."""
import nki
import nki.isa as nisa
import nki.language as nl


def tile_count(n):
    return n // 0  # expect: python


@nki.jit
def python_error(a):
    t = nl.ndarray((128, 64), dtype=a.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=a)
    tile_count(a.shape[0])
    return a
