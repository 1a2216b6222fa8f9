"""Negative: a tile read where only its first half was ever written."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def neg_uninitialised_read(a):
    out = nl.ndarray((128, 512), dtype=a.dtype, buffer=nl.shared_hbm)
    t = nl.ndarray((128, 512), dtype=a.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t[:, 0:256], src=a[:, 0:256])
    nisa.dma_copy(dst=out, src=t)  # expect: uninitialised-read
    return out
