"""nki.typing: annotations only."""

from _nki_standin.view import View as tensor  # noqa: F401
from _nki_standin import unmodelled as _unmodelled

mutable_tensor = tensor
__getattr__ = _unmodelled.module_getattr("nki.typing")
