"""Negative: a PSUM tile of 4 KiB per partition (a tile fits one 2 KiB bank)."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def neg_psum_tile(a):
    acc = nl.ndarray((128, 1024), dtype=nl.float32, buffer=nl.psum)  # expect: psum-tile
    nisa.memset(dst=acc, value=0.0)
    return a
