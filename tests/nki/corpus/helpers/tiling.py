"""Helper module (not a kernel): tile loops shared by multi_module.py."""
import nki.isa as nisa
import nki.language as nl


def scale_rows(src, dst, factor):
    for r in range(src.shape[0] // 128):
        t = nl.ndarray((128, src.shape[1]), dtype=src.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=src[r * 128:(r + 1) * 128, :])
        nisa.tensor_scalar(dst=t, data=t, op0=nl.multiply, operand0=factor)
        nisa.dma_copy(dst=dst[r * 128:(r + 1) * 128, :], src=t)
