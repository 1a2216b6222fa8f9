"""Negative: a 2 KiB PSUM tile placed at byte 1024 crosses into the next bank."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def neg_psum_bank_cross(a):
    acc = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum, address=(0, 1024))  # expect: psum-tile
    nisa.memset(dst=acc, value=0.0)
    return a
