"""The explorer's recording stand-in of the NKI API (current `nki.*`, SDK 2.27+)."""

from _nki_standin import jit as _jit
from _nki_standin import unmodelled as _unmodelled

jit = _jit.decorator("nki.jit")
Kernel = _jit.Kernel
simulate = _unmodelled.host_only("nki.simulate")

from . import compiler, isa, language, typing  # noqa: E402,F401

__getattr__ = _unmodelled.module_getattr("nki")
