"""nki.compiler: scheduling hints only, recorded as nothing."""

from _nki_standin import unmodelled as _unmodelled

__getattr__ = _unmodelled.module_getattr("nki.compiler")
