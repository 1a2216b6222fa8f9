"""Access patterns: .ap with an offset, nl.ds, a strided slice, an integer index."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def access_patterns(a):
    out = nl.ndarray((128, 16), dtype=a.dtype, buffer=nl.shared_hbm)
    t = nl.ndarray((128, 64), dtype=a.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=a)
    half = nl.ndarray((128, 16), dtype=a.dtype, buffer=nl.sbuf)
    nisa.tensor_copy(dst=half, src=t.ap(pattern=[[64, 128], [1, 16]], offset=8))
    nisa.tensor_tensor(dst=half, data1=half, data2=t[:, nl.ds(32, 16)], op=nl.add)
    nisa.tensor_tensor(dst=half, data1=half, data2=t[:, 0:32:2], op=nl.subtract)
    col = nl.ndarray((128, 1), dtype=a.dtype, buffer=nl.sbuf)
    nisa.tensor_copy(dst=col, src=t[:, 5])
    nisa.tensor_scalar(dst=half, data=half, op0=nl.multiply, operand0=col)
    nisa.dma_copy(dst=out, src=half)
    return out
