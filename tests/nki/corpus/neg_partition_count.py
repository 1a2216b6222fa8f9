"""Negative: a tile over 256 partitions."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def neg_partition_count(a):
    t = nl.ndarray((256, 64), dtype=a.dtype, buffer=nl.sbuf)  # expect: partition-count
    nisa.dma_copy(dst=t, src=a)
    return a
