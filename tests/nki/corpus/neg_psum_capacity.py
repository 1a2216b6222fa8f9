"""Negative (checked by the explorer): nine full-bank PSUM tiles live at once; PSUM has 8 banks."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def neg_psum_capacity(a):
    tiles = []
    for i in range(8):
        t = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum)
        nisa.memset(dst=t, value=0.0)
        tiles.append(t)
    ninth = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum)  # expect: psum-capacity
    nisa.memset(dst=ninth, value=0.0)
    total = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_copy(dst=total, src=ninth)
    for t in tiles:
        nisa.tensor_tensor(dst=total, data1=total, data2=t, op=nl.add)
    return a
