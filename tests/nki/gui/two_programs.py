"""Two program instances of a grid [2]: each puts its tile at its own offset."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def two_programs(a):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    p = nl.program_id(0)
    tile = nl.ndarray((128, 256), dtype=a.dtype, buffer=nl.sbuf, address=(0, p * 8192))
    nisa.dma_copy(dst=tile, src=a[p * 128:(p + 1) * 128, :])
    nisa.dma_copy(dst=out[p * 128:(p + 1) * 128, :], src=tile)
    return out
