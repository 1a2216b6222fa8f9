"""Circular buffer: tile k lives at byte (k % 4) * 2048 of partition 0."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def modular_rotation(a):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    for k in nl.affine_range(a.shape[0] // 128):
        buf = nl.ndarray((128, 256), dtype=a.dtype, buffer=nl.sbuf, address=(0, (k % 4) * 2048))
        nisa.dma_copy(dst=buf, src=a[k * 128:(k + 1) * 128, :])
        nisa.tensor_scalar(dst=buf, data=buf, op0=nl.multiply, operand0=2.0)
        nisa.dma_copy(dst=out[k * 128:(k + 1) * 128, :], src=buf)
    return out
