"""neuronxcc.nki.language (legacy) as recorded by the explorer's stand-in."""

from _nki_standin.language import *  # noqa: F401,F403
from _nki_standin.language import ApiFunction, MemoryRegion, NkiTensor, tile_size  # noqa: F401
from _nki_standin import unmodelled as _unmodelled

__getattr__ = _unmodelled.module_getattr("neuronxcc.nki.language")
