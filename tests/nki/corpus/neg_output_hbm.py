"""Negative: the kernel's output is in nl.hbm, not nl.shared_hbm."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def neg_output_hbm(a):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.hbm)  # expect: output-buffer
    nisa.dma_copy(dst=out, src=a)
    return out
