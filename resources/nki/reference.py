"""Evaluates a launch file's "reference" (a NumPy expression over the
kernel's tensor arguments) for `tirx-cli run`, and saves it as float32.

    python3 -I reference.py --dir FOLDER --names a,b --expr "a + b" --out ref.npy

FOLDER holds NAME.npy per argument; bfloat16 arrays arrive as two opaque
bytes per element (the upper half of a float32) and are widened here.
Exit 0 when the file was written, 1 with the reason on stderr otherwise."""

import argparse
import os
import sys

import numpy as np


def load(path):
    a = np.load(path)
    if a.dtype.kind == "V" and a.dtype.itemsize == 2:
        a = (a.view(np.uint16).astype(np.uint32) << 16).view(np.float32)
    return a


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dir", required=True)
    p.add_argument("--names", default="")
    p.add_argument("--expr", required=True)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    scope = {"np": np, "numpy": np}
    for name in filter(None, a.names.split(",")):
        scope[name] = load(os.path.join(a.dir, name + ".npy"))
    try:
        value = eval(a.expr, scope)  # the user's own expression, in a child process with limits
        value = np.asarray(value, dtype=np.float32)
    except Exception as e:  # the user's expression failed: say how
        print(f"{type(e).__name__}: {e}", file=sys.stderr)
        return 1
    np.save(a.out, value)
    return 0


if __name__ == "__main__":
    sys.exit(main())
