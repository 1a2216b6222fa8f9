"""neuronxcc.nki.compiler (legacy): direct allocation (ncc.sbuf.mod_alloc, ncc.psum.alloc, ...)."""

from _nki_standin.allocators import psum, sbuf  # noqa: F401
from _nki_standin import unmodelled as _unmodelled

__getattr__ = _unmodelled.module_getattr("neuronxcc.nki.compiler")
