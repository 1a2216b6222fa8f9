"""Negative: an activation bias with a free size of 4 (it must be 1)."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def neg_activation_bias(a):
    x = nl.ndarray((128, 512), dtype=a.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=x, src=a)
    bias = nl.ndarray((128, 4), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=bias, value=0.5)
    y = nl.ndarray((128, 512), dtype=a.dtype, buffer=nl.sbuf)
    nisa.activation(dst=y, op=nl.exp, data=x, bias=bias)  # expect: contract
    return a
