"""Negative (checked by the explorer): two explicitly placed tiles live at once over the same bytes."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def neg_overlap(a):
    x = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
    nisa.dma_copy(dst=x, src=a)
    y = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf, address=(0, 128))  # expect: overlap
    nisa.dma_copy(dst=y, src=a)
    nisa.tensor_tensor(dst=y, data1=x, data2=y, op=nl.multiply)
    return a
