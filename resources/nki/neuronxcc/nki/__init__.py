"""The legacy NKI API (`neuronxcc.nki`, "Beta 1") as recorded by the explorer's stand-in."""

import sys as _sys

from _nki_standin import jit as _jit
from _nki_standin import legacy_isa as _legacy_isa  # noqa: F401
from _nki_standin import state as _state
from _nki_standin import unmodelled as _unmodelled

_rec = _state.recorder()
_rec.note("warning", "legacy-api",
          "neuronxcc.nki is the legacy NKI API: Neuron SDK 2.28+ deprecates it and 2.30+ rejects it inside kernels "
          "with a compilation error; port the kernel to nki.* (SDK 2.27+, see the NKI migration guide)",
          _rec.user_stack(_sys._getframe(1)), run_level=True)

jit = _jit.decorator("nki.jit")
trace = _jit.decorator("nki.trace")
baremetal = _jit.decorator("nki.baremetal")
benchmark = _jit.decorator("nki.benchmark")
profile = _jit.decorator("nki.profile")
Kernel = _jit.Kernel
# The legacy kernels the explorer emits import it, as the SDK's examples do.
simulate_kernel = _unmodelled.host_only("neuronxcc.nki.simulate_kernel")

from . import compiler, isa, language, typing  # noqa: E402,F401

__getattr__ = _unmodelled.module_getattr("neuronxcc.nki")
