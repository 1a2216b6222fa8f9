"""nki.isa as recorded by the explorer's stand-in: destination first."""

from _nki_standin.isa import *  # noqa: F401,F403
from _nki_standin.isa import TABLE as _TABLE
from _nki_standin import unmodelled as _unmodelled

__getattr__ = _unmodelled.module_getattr("nki.isa")
