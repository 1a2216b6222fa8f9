"""An NKI name the stand-in does not model ends the trace with a located
`unmodelled` error naming it: never a silent skip."""

import sys

from . import state


def stop(name):
    rec = state.recorder()
    stack = rec.user_stack(sys._getframe(2))
    rec.fail("unmodelled", f"{name} is not modelled by the explorer's NKI stand-in; the trace ends here", stack)
    raise state.EndRun()


def module_getattr(module_name):
    """A module-level __getattr__ that reports unknown public names."""

    def __getattr__(name):
        if name.startswith("__"):
            raise AttributeError(name)
        stop(f"{module_name}.{name}")

    return __getattr__


def host_only(name):
    """A host-side name (the SDK's own simulator and launchers) a kernel file
    may import without running the kernel on the host: importing it is fine,
    calling it ends the trace like any unmodelled name."""

    def call(*_args, **_kwargs):
        stop(name)

    call.__name__ = name.split(".")[-1]
    return call
