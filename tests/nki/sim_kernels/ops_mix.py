"""Operand forms the simulator lines up: a reversed tensor_scalar with a
column operand, an activation with a bias column and a constant scale, a
negated reduction, a DMA that reshapes a [32, 128] block into [128, 32], a
non-square transpose, and legacy element-wise calls with a constant first."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def ops_mix(a, b):
    out = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.shared_hbm)
    t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=a)
    col = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_reduce(dst=col, op=nl.add, data=t, axis=1, negate=True)
    u = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_scalar(dst=u, data=t, op0=nl.subtract, operand0=col, reverse0=True)
    e = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
    nisa.activation(dst=e, op=nl.exp, data=t, bias=col, scale=0.5)
    nisa.tensor_tensor(dst=u, data1=u, data2=e, op=nl.maximum)
    r = nl.ndarray((128, 32), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=r, src=b)
    tr = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.psum)
    nisa.nc_transpose(dst=tr, data=r)
    w = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_copy(dst=w, src=tr)
    v = nl.subtract(2.0, w)
    v2 = nl.multiply(v, 3.0)
    nisa.dma_copy(dst=out[0:32, :], src=v2[:, 0:64])
    nisa.dma_copy(dst=out[32:128, :], src=u[32:128, :])
    return out
