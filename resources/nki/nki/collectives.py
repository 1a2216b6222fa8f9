"""nki.collectives: not modelled; any use ends the trace with a located note."""

from _nki_standin import unmodelled as _unmodelled

__getattr__ = _unmodelled.module_getattr("nki.collectives")
