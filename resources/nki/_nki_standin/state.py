"""The recorder: one per run, a program record per program instance, notes
and source locations. Locations name only the user's files, never ours."""

import os
import sys
import sysconfig

STANDIN_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_INSTRUCTIONS = 200_000
MAX_TENSORS = 50_000
# A lower cap for tests of the cap itself (TRACE.md, Limits).
if os.environ.get("TIRX_NKI_RECORD_CAP", "").isdigit():
    MAX_INSTRUCTIONS = min(MAX_INSTRUCTIONS, int(os.environ["TIRX_NKI_RECORD_CAP"]))
    MAX_TENSORS = min(MAX_TENSORS, int(os.environ["TIRX_NKI_RECORD_CAP"]))

_SYSTEM_ROOTS = tuple(
    os.path.realpath(p) + os.sep
    for p in {sysconfig.get_paths().get(k) for k in ("stdlib", "platstdlib", "purelib", "platlib")}
    if p
)


_PACKAGES = os.sep + "dist-packages" + os.sep
_SITE = os.sep + "site-packages" + os.sep


class StopProgram(BaseException):
    """Ends the current program instance (the record cap was reached)."""


class EndRun(BaseException):
    """Ends the whole run with the recorder's error already set (an unmodelled name)."""


_user_cache = {}


def is_user_file(path):
    hit = _user_cache.get(path)
    if hit is not None:
        return hit
    ok = not path.startswith("<")
    if ok:
        real = os.path.realpath(path)
        ok = not (real.startswith(STANDIN_ROOT + os.sep) or real.startswith(_SYSTEM_ROOTS)
                  or _PACKAGES in real or _SITE in real)
    _user_cache[path] = ok
    return ok


# Caches keyed by id(code), never by the code object: hashing a code object
# walks its constants, and a generated kernel's one function holds thousands.
# _codes keeps each code object alive so that its id stays its own.
_codes = {}  # id(code) -> code
_positions = {}  # (id(code), offset) -> (line, column)
_code_positions = {}  # id(code) -> its co_positions()
_user_codes = {}  # id(code) -> is_user_file(its file)

# Ids of the stand-in's code objects that call into the user's kernel: a
# stack walk stops there, as every frame beyond is the stand-in's own.
BOUNDARY_CODE_IDS = set()


def keep_code(code):
    """Keeps code alive while a cache holds its id."""
    _codes[id(code)] = code


def add_boundary(code):
    _codes[id(code)] = code
    BOUNDARY_CODE_IDS.add(id(code))


def _position(code, lasti, lineno):
    """Line and 1-based column of the instruction at lasti (column 0 when unknown), cached
    per code object and offset: kernels record the same call sites many times over.
    `lineno` is the line or a callable giving it (a frame's f_lineno costs a table walk)."""
    key = (id(code), lasti)
    hit = _positions.get(key)
    if hit is None:
        _codes[id(code)] = code
        hit = _positions[key] = _scan_position(code, lasti, lineno)
    return hit


def _scan_position(code, lasti, lineno):
    """lineno: the line, or a callable giving it, called only when the position table
    has none (a frame's f_lineno walks the line table from the function's start)."""
    # co_positions() is read once per code object: a generated kernel of
    # thousands of lines is one code object with thousands of call sites.
    positions = _code_positions.get(id(code))
    if positions is None:
        try:
            positions = _code_positions[id(code)] = list(code.co_positions())
        except AttributeError:
            positions = _code_positions[id(code)] = []
    index = lasti // 2
    column = 0
    line = None
    if 0 <= index < len(positions):
        pos = positions[index]
        line = pos[0]
        if pos[2] is not None:
            column = pos[2] + 1
    if line is None:
        line = lineno() if callable(lineno) else lineno
    return line, column


class Program:
    def __init__(self, pid):
        self.pid = list(pid)
        self.tensors = []
        self.instructions = []
        self.loops = []
        self.notes = []
        self.truncated = False
        self.noted = set()

    def to_json(self):
        return {
            "program": self.pid,
            "tensors": [t.to_json() for t in self.tensors],
            "instructions": self.instructions,
            "loops": self.loops,
            "notes": self.notes,
            "truncated": self.truncated,
        }


class Recorder:
    def __init__(self, kernel_file):
        self.kernel_file = os.path.abspath(kernel_file)
        self.entry = None
        self.grid = None
        self.lnc = 1
        self.files = []
        self._file_index = {}
        self.programs = []
        self.program = None
        self.notes = []
        self.error = None
        self.outputs_checked = False
        # (code, instruction offset) -> location: one dict per call site, shared by
        # every record made there (records only read them).
        self._locations = {}
        self.file_index(self.kernel_file)

    # --- locations -------------------------------------------------------
    def file_index(self, path):
        index = self._file_index.get(path)
        if index is None:
            absolute = os.path.abspath(path)
            index = self._file_index.get(absolute)
            if index is None:
                index = len(self.files)
                self.files.append(absolute)
                self._file_index[absolute] = index
            self._file_index[path] = index
        return index

    def location(self, filename, lineno, column):
        return {"file": self.file_index(filename), "line": lineno, "column": column}

    def user_stack(self, frame=None):
        """Locations of the user's frames, innermost first, from frame outwards."""
        if frame is None:
            frame = sys._getframe(1)
        stack = []
        locations = self._locations
        while frame is not None:
            code = frame.f_code
            ident = id(code)
            if ident in BOUNDARY_CODE_IDS:
                break
            user = _user_codes.get(ident)
            if user is None:
                _codes[ident] = code
                user = _user_codes[ident] = is_user_file(code.co_filename)
            if user:
                key = (ident, frame.f_lasti)
                loc = locations.get(key)
                if loc is None:
                    line, col = _position(code, frame.f_lasti, lambda f=frame: f.f_lineno)
                    loc = locations[key] = self.location(code.co_filename, line, col)
                stack.append(loc)
                if len(stack) == 32:
                    break
            frame = frame.f_back
        return stack

    def traceback_stack(self, tb):
        frames = []
        while tb is not None:
            name = tb.tb_frame.f_code.co_filename
            if is_user_file(name):
                line, col = _position(tb.tb_frame.f_code, tb.tb_lasti, tb.tb_lineno)
                frames.append(self.location(name, line, col))
            tb = tb.tb_next
        frames.reverse()
        return frames[:32]

    # --- notes -----------------------------------------------------------
    @staticmethod
    def make_note(severity, code, message, stack):
        return {"severity": severity, "code": code, "message": message,
                "loc": stack[0] if stack else None, "stack": stack}

    def note(self, severity, code, message, stack=None, run_level=False, once_key=None):
        """A check's finding; by default for the current program, at the user's call."""
        if stack is None:
            stack = self.user_stack(sys._getframe(1))
        target = self.notes if run_level or self.program is None else self.program.notes
        if once_key is not None:
            seen = self.program.noted if self.program is not None and not run_level else _run_once
            key = (code, once_key, tuple((l["file"], l["line"], l["column"]) for l in stack[:1]))
            if key in seen:
                return
            seen.add(key)
        target.append(self.make_note(severity, code, message, stack))

    def fail(self, code, message, stack):
        if self.error is None:
            self.error = self.make_note("error", code, message, stack)

    # --- programs --------------------------------------------------------
    def begin_program(self, pid):
        self.program = Program(pid)
        self.programs.append(self.program)
        return self.program


_run_once = set()
_recorder = None


def recorder():
    global _recorder
    if _recorder is None:
        # Imported outside run_kernel.py (a test, an interactive session): record anyway.
        _recorder = Recorder("<interactive>")
        _recorder.begin_program([])
    return _recorder


def set_recorder(rec):
    global _recorder
    _recorder = rec
    _run_once.clear()


def program():
    rec = recorder()
    if rec.program is None:
        rec.begin_program([])
    return rec.program
