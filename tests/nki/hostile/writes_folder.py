import os

import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel(a):
    with open("scratch.bin", "wb") as f:
        f.write(b"\0" * 4096)
    os.makedirs("cache/nested", exist_ok=True)
    with open("cache/nested/notes.txt", "w") as f:
        f.write("left behind?")
    t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=a)
    out = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=t)
    return out
