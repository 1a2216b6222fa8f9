"""Stand-in for nki.isa (a test double; see ../README.md)."""

import os


def dma_copy(dst, src):
    if os.environ.get("TIRX_STANDIN_BROKEN") == "1":
        raise RuntimeError("stand-in: dma_copy is broken on this SDK")
    if getattr(dst, "buffer", "") == "shared_hbm" and os.environ.get("TIRX_STANDIN_ZEROS") == "1":
        return
    dst[...] = src.reshape(dst.shape)


def tensor_scalar(dst, data, op0, operand0, reverse0=False, **_):
    dst[...] = op0(operand0, data) if reverse0 else op0(data, operand0)
