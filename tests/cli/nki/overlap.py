import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def overlap_kernel(a, b):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    ta = nl.ndarray((128, 512), dtype=a.dtype, buffer=nl.sbuf, address=(0, 0))
    tb = nl.ndarray((128, 512), dtype=a.dtype, buffer=nl.sbuf, address=(0, 512))  # expect: overlap
    nisa.dma_copy(dst=ta, src=a)
    nisa.dma_copy(dst=tb, src=b)
    nisa.tensor_tensor(dst=ta, data1=ta, data2=tb, op=nl.add)
    nisa.dma_copy(dst=out, src=ta)
    return out
