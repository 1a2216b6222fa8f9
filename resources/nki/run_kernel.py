"""Child-process entry point of the NKI stand-in (spec 08 section 3).

/usr/bin/python3 -I run_kernel.py --launch LAUNCH.json --kernel KERNEL.py --out TRACE.json [--program I]
Exit code 0 when a trace was written (errors inside it included), 2 on bad usage.
"""

import os
import sys

sys.dont_write_bytecode = True

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _nki_standin import launch  # noqa: E402

if __name__ == "__main__":
    sys.exit(launch.run())
