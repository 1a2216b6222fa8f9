"""Loops: every kind executes in Python with concrete indices; each loop
instance that recorded instructions becomes a LOOP record."""

import builtins
import sys

from . import state

_builtin_range = BUILTIN_RANGE = builtins.range


def _loop(kind, iterable, stack):
    prog = state.program()
    first = len(prog.instructions)
    try:
        for value in iterable:
            yield value
    finally:
        last = len(prog.instructions) - 1
        if last >= first and stack:
            prog.loops.append({"kind": kind, "first": first, "last": last, "loc": stack[0]})


def make(kind, start, stop=None, step=1, frame=None):
    if stop is None:
        start, stop = 0, start
    values = _builtin_range(int(start), int(stop), int(step))
    stack = state.recorder().user_stack(frame or sys._getframe(2))
    return _loop(kind, values, stack)


class _RecordingRange:
    """Stands in for builtins.range: a real range everywhere except in the
    user's files, where the loop is recorded."""

    def __call__(self, *args):
        frame = sys._getframe(1)
        if not state.is_user_file(frame.f_code.co_filename):
            return _builtin_range(*args)
        values = _builtin_range(*args)
        return _UserRange(values, state.recorder().user_stack(frame))

    def __instancecheck__(self, obj):
        return isinstance(obj, _builtin_range)


class _UserRange:
    """A range that records the loop when iterated; otherwise behaves like one."""

    def __init__(self, values, stack):
        self._values = values
        self._stack = stack

    def __iter__(self):
        return _loop("range", self._values, self._stack)

    def __len__(self):
        return len(self._values)

    def __getitem__(self, i):
        return self._values[i]

    def __contains__(self, x):
        return x in self._values

    def __reversed__(self):
        return reversed(self._values)

    def __getattr__(self, name):
        return getattr(self._values, name)

    def __eq__(self, other):
        return self._values == (other._values if isinstance(other, _UserRange) else other)

    def __hash__(self):
        return hash(self._values)

    def __repr__(self):
        return repr(self._values)


def install_range():
    builtins.range = _RecordingRange()


def uninstall_range():
    builtins.range = _builtin_range
