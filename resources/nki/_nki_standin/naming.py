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
            # Keyed by call site: a frame's f_lineno walks the line table from the
            # function's start, and a generated kernel is one function of thousands of lines.
            key = (id(frame.f_code), frame.f_lasti)
            found = _site_names.get(key, _site_names)
            if found is _site_names:
                state.keep_code(frame.f_code)
                found = _site_names[key] = _name_on_line(name, frame.f_lineno)
            if found is not None:
                return found
            # `return nl.ndarray(...)` in a helper: the caller's assignment names it.
        frame = frame.f_back
    return "<unknown>"


_site_names = {}  # (id(code), offset) -> _name_on_line(...) of the call site


def _name_on_line(filename, lineno):
    """The name a call on this line gives its tensor, or None for a `return` line."""
    line = linecache.getline(filename, lineno)
    m = _ASSIGN.match(line)
    if m:
        return m.group(1).split(".")[-1]
    if not _RETURN.match(line):
        return f"{os.path.basename(filename)}:{lineno}"
    return None
