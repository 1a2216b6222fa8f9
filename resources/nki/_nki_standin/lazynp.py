"""NumPy, imported on first use: most kernels never need it, and its import
is most of a small kernel's start-up. Until something imports it no NumPy
value can exist, so type checks against NumPy types are skipped while
`loaded()` is None."""

import sys


def loaded():
    """The numpy module if anything imported it, else None."""
    return sys.modules.get("numpy")


class _Numpy:
    def __getattr__(self, name):
        import numpy
        return getattr(numpy, name)


np = _Numpy()
