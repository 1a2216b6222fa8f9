"""Stand-in for the neuronxcc package (a test double; see ../README.md)."""

import os

__version__ = os.environ.get("TIRX_STANDIN_NEURONXCC_VERSION", "")
if not __version__:
    raise ImportError("No module named 'neuronxcc' (stand-in: TIRX_STANDIN_NEURONXCC_VERSION is unset)")
