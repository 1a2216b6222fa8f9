"""A tensor's name: name=, else the variable the call is assigned to (read
from the caller's source line), else "<file>:<line>"."""

import linecache
import os
import re
import sys

from . import state

_ASSIGN = re.compile(r"^\s*([A-Za-z_][\w.]*)\s*(?:\[[^=]*\])?\s*(?::[^=]+)?=(?!=)")
_RETURN = re.compile(r"^\s*return\b")


def from_source(frame=None):
    if frame is None:
        frame = sys._getframe(1)
    while frame is not None:
        name = frame.f_code.co_filename
        if state.is_user_file(name):
            line = linecache.getline(name, frame.f_lineno)
            m = _ASSIGN.match(line)
            if m:
                return m.group(1).split(".")[-1]
            if not _RETURN.match(line):
                return f"{os.path.basename(name)}:{frame.f_lineno}"
            # `return nl.ndarray(...)` in a helper: the caller's assignment names it.
        frame = frame.f_back
    return "<unknown>"
