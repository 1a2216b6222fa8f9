import nki
import nki.isa as nisa
import nki.language as nl

import numpy as np


@nki.jit
def kernel(a):
    scratch = np.ones((50 << 30,), dtype=np.uint8)
    return scratch
