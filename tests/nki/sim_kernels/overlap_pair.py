"""Two explicitly placed tiles live at once: y starts half-way into x, so
loading y overwrites the second half of x's rows before x is read."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def overlap_pair(a, b):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    x = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
    nisa.dma_copy(dst=x, src=a)
    y = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf, address=(0, 128))  # overlaps x
    nisa.dma_copy(dst=y, src=b)
    z = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf, address=(0, 1024))
    nisa.tensor_tensor(dst=z, data1=x, data2=y, op=nl.multiply)
    nisa.dma_copy(dst=out, src=z)
    return out
