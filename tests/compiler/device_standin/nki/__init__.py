"""Stand-in for the NKI runtime (a test double; see ../README.md)."""

import functools
import os
import time

__version__ = os.environ.get("TIRX_STANDIN_NKI_VERSION", "")
if not __version__:
    raise ImportError("No module named 'nki' (stand-in: TIRX_STANDIN_NKI_VERSION is unset)")


def jit(kernel):
    from nki import language

    @functools.wraps(kernel)
    def call(*arrays):
        delay = float(os.environ.get("TIRX_STANDIN_SLEEP", "0"))
        if delay:
            time.sleep(delay)
        return kernel(*[language.wrap(a) for a in arrays])

    return call
