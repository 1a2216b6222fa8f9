"""Negative: the legacy neuronxcc.nki API (SDK 2.30+ rejects it in kernels)."""
import neuronxcc.nki.language as nl  # expect: legacy-api
from neuronxcc import nki


@nki.jit
def neg_legacy_api(a):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    t = nl.load(a)
    nl.store(out, value=nl.exp(t))
    return out
