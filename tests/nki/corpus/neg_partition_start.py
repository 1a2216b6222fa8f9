"""Negative: a 48-partition tile placed at partition 32 (33-64 partitions start at 0 or 64)."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def neg_partition_start(a):
    t = nl.ndarray((48, 64), dtype=a.dtype, buffer=nl.sbuf, address=(32, 0))  # expect: partition-start
    nisa.dma_copy(dst=t, src=a[0:48, :])
    return a
