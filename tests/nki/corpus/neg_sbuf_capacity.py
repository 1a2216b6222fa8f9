"""Negative (checked by the explorer from placements): two SBUF tiles of
128 KiB per partition live at once exceed the SBUF of a partition."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def neg_sbuf_capacity(a):
    big = nl.ndarray((128, 32768), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=big, value=0.0)
    more = nl.ndarray((128, 32768), dtype=nl.float32, buffer=nl.sbuf)  # expect: sbuf-capacity
    nisa.memset(dst=more, value=0.0)
    nisa.tensor_tensor(dst=more, data1=big, data2=more, op=nl.add)
    return a
