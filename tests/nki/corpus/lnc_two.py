"""Two program instances (LNC = 2): each core takes the reciprocal of one tile."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def lnc_two(x):
    out = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    in_tile = nl.ndarray((128, 128), dtype=x.dtype, buffer=nl.sbuf)
    out_tile = nl.ndarray((128, 128), dtype=x.dtype, buffer=nl.sbuf)
    if nl.num_programs() == 1:
        for i in range(2):
            nisa.dma_copy(dst=in_tile, src=x[i])
            nisa.reciprocal(dst=out_tile, data=in_tile)
            nisa.dma_copy(dst=out[i], src=out_tile)
    else:
        i = nl.program_id(0)
        nisa.dma_copy(dst=in_tile, src=x[i])
        nisa.reciprocal(dst=out_tile, data=in_tile)
        nisa.dma_copy(dst=out[i], src=out_tile)
    return out
