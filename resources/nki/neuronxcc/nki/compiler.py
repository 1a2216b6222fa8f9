"""neuronxcc.nki.compiler (legacy): direct allocation (ncc.sbuf.mod_alloc, ncc.psum.alloc, ...)."""

from _nki_standin.allocators import psum, sbuf  # noqa: F401
from _nki_standin import unmodelled as _unmodelled

__getattr__ = _unmodelled.module_getattr("neuronxcc.nki.compiler")


def _passthrough(func=None, **_options):
    """Compiler directives that change code generation, not what the kernel allocates or touches."""
    if func is None:
        return lambda f: f
    return func


skip_middle_end_transformations = _passthrough
enable_stack_allocator = _passthrough
force_auto_alloc = _passthrough


def no_reorder():
    from _nki_standin.language import no_reorder as hint
    return hint()
