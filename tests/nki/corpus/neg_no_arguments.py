"""Negative: a kernel with no arguments (nki.jit refuses it since 2.28)."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def neg_no_arguments():  # expect: no-arguments
    t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t, value=1.0)
