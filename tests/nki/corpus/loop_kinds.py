"""Every loop kind: range, affine_range, sequential_range, static_range, dynamic_range."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def loop_kinds(a):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    acc = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=acc, value=0.0)
    for i in range(2):
        nisa.tensor_scalar(dst=acc, data=acc, op0=nl.add, operand0=1.0)
    for i in nl.affine_range(2):
        nisa.tensor_scalar(dst=acc, data=acc, op0=nl.multiply, operand0=0.5)
    for i in nl.sequential_range(2):
        t = nl.ndarray((128, 128), dtype=a.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=a[i * 128:(i + 1) * 128, :])
        nisa.tensor_tensor(dst=acc, data1=acc, data2=t, op=nl.add)
    for i in nl.static_range(2):
        nisa.tensor_scalar(dst=acc, data=acc, op0=nl.maximum, operand0=0.0)
    for i in nl.dynamic_range(4):
        nisa.dma_copy(dst=out[i * 128:(i + 1) * 128, :], src=acc)
    return out
