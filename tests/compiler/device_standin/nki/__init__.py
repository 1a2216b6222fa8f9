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
        # As the runtime does: a launch with LNC 1 (kernel(...)) needs
        # NEURON_LOGICAL_NC_CONFIG=1, and the platform must be one NKI knows.
        if os.environ.get("NEURON_LOGICAL_NC_CONFIG") != "1":
            raise RuntimeError("stand-in: the kernel is launched with LNC 1 but NEURON_LOGICAL_NC_CONFIG is %r"
                               % os.environ.get("NEURON_LOGICAL_NC_CONFIG"))
        if os.environ.get("NEURON_PLATFORM_TARGET_OVERRIDE") not in ("trn1", "trn2", "trn3"):
            raise RuntimeError("stand-in: NEURON_PLATFORM_TARGET_OVERRIDE is %r"
                               % os.environ.get("NEURON_PLATFORM_TARGET_OVERRIDE"))
        delay = float(os.environ.get("TIRX_STANDIN_SLEEP", "0"))
        if delay:
            time.sleep(delay)
        return kernel(*[language.wrap(a) for a in arrays])

    return call
