"""Negative: dma_copy with 128x256 destination elements and 128x512 source elements."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def neg_dma_count(a):
    t = nl.ndarray((128, 256), dtype=a.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=a)  # expect: contract
    return a
