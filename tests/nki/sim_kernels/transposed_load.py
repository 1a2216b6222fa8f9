"""A transposing load: the access pattern walks a's columns, so the tile
holds a.T. The simulator cannot yet follow a pattern whose partition loop
sits inside a free loop; it must say so at the load, not copy a untransposed."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def transposed_load(a):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    t = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
    nisa.dma_copy(dst=t, src=a.ap(pattern=[[1, 128], [128, 128]], offset=0))  # columns first
    nisa.dma_copy(dst=out, src=t)
    return out
