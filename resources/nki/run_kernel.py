"""Child-process entry point of the NKI stand-in (spec 08 section 3).

/usr/bin/python3 -I run_kernel.py --launch LAUNCH.json --kernel KERNEL.py --out TRACE.json [--program I]
Exit code 0 when a trace was written (errors inside it included), 2 on bad usage.
"""

import importlib.util
import os
import sys

sys.dont_write_bytecode = True

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# The stand-in imports NumPy only when a kernel needs it; an interpreter
# without it still fails here, at once, with the message the explorer reads.
if importlib.util.find_spec("numpy") is None:
    raise ModuleNotFoundError("No module named 'numpy'", name="numpy")

from _nki_standin import launch  # noqa: E402

if __name__ == "__main__":
    code = launch.run()
    if sys.getprofile() is not None or sys.gettrace() is not None:
        sys.exit(code)  # a profiler or coverage tool writes its results at exit
    # The trace is written and closed: skip the interpreter's teardown, which frees
    # every record one by one (a tenth of a big kernel's run) and would wait for
    # threads the kernel left running.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
