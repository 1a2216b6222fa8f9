"""SPMD grid [2, 2]: each program copies one quarter, chosen by nl.program_id."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def grid_programs(a):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    p = nl.program_id(0)
    q = nl.program_id(1)
    cols = a.shape[1] // nl.num_programs(1)
    t = nl.ndarray((128, cols), dtype=a.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=a[p * 128:(p + 1) * 128, q * cols:(q + 1) * cols])
    nisa.dma_copy(dst=out[p * 128:(p + 1) * 128, q * cols:(q + 1) * cols], src=t)
    return out
