"""neuronxcc.nki.isa (legacy): instructions return their result tile."""

from _nki_standin.legacy_isa import *  # noqa: F401,F403
from _nki_standin import unmodelled as _unmodelled

__getattr__ = _unmodelled.module_getattr("neuronxcc.nki.isa")
