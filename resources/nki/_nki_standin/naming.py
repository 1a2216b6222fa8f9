"""A tensor's name: name=, else the variable the call is assigned to (read
from the caller's source line; in a helper that returns that variable, the
variable its caller assigns the result to), else "<file>:<line>"."""

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
    unreturned = None  # a helper's own name for a tensor it returns, if no caller names it
    while frame is not None:
        name = frame.f_code.co_filename
        if state.is_user_file(name):
            # Keyed by call site: a frame's f_lineno walks the line table from the
            # function's start, and a generated kernel is one function of thousands of lines.
            key = (id(frame.f_code), frame.f_lasti)
            found = _site_names.get(key)
            if found is None:
                state.keep_code(frame.f_code)
                assigned = _name_on_line(name, frame.f_lineno)
                # `tile = nl.ndarray(...)` in a helper that returns `tile`:
                # the caller's assignment names it, as for `return nl.ndarray(...)`.
                found = _site_names[key] = (assigned, assigned is not None and _returns(frame.f_code, assigned))
            assigned, returned = found
            if assigned is not None and not returned:
                return assigned
            if unreturned is None:
                unreturned = assigned
            # `return nl.ndarray(...)` in a helper: the caller's assignment names it.
        frame = frame.f_back
    return unreturned or "<unknown>"


_site_names = {}  # (id(code), offset) -> (_name_on_line(...), whether the function returns it)


def _returns(code, name):
    """Whether the function of `code` (not the module) ends with `return name`."""
    if code.co_name == "<module>":
        return False
    pattern = re.compile(r"^\s*return\s+" + re.escape(name) + r"\s*(#.*)?$")
    first = code.co_firstlineno
    last = max((line for _, _, line in code.co_lines() if line is not None), default=first)
    return any(pattern.match(linecache.getline(code.co_filename, n)) for n in range(first, last + 1))


def _name_on_line(filename, lineno):
    """The name a call on this line gives its tensor, or None for a `return` line."""
    line = linecache.getline(filename, lineno)
    m = _ASSIGN.match(line)
    if m:
        return m.group(1).split(".")[-1]
    if not _RETURN.match(line):
        return f"{os.path.basename(filename)}:{lineno}"
    return None
