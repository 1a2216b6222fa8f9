import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel(a):
    t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf
    return t
