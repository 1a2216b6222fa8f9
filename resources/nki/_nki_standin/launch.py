"""The child-process entry: load the launch, import the kernel file, run the
entry once per program instance against the stand-in, write the trace."""

import argparse
import gc
import importlib.util
import json
import linecache
import os
import re
import sys
import types

from . import loops, placeholders, state, tensors
from .view import View

USAGE_ERROR = 2


class UsageError(Exception):
    pass


def _read_launch(args):
    if args.launch_json is not None:
        return json.loads(args.launch_json), os.getcwd()
    if args.launch:
        with open(args.launch, encoding="utf-8") as f:
            return json.load(f), os.path.dirname(os.path.abspath(args.launch))
    return {}, os.getcwd()


def _setup_path(kernel, launch, base):
    paths = [state.STANDIN_ROOT, os.path.dirname(os.path.abspath(kernel))]
    paths += [os.path.normpath(os.path.join(base, p)) for p in launch.get("sys_path") or []]
    for p in reversed(paths):
        if p in sys.path:
            sys.path.remove(p)
        sys.path.insert(0, p)


def _import_kernel(path):
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _candidates(module):
    from .jit import Kernel
    return [n for n, v in vars(module).items() if isinstance(v, Kernel) and getattr(v.func, "__module__", None) == module.__name__]


def _entry(module, launch):
    name = launch.get("entry")
    if name:
        if not hasattr(module, name):
            raise UsageError(f"the kernel file has no function '{name}'")
        return name, getattr(module, name)
    found = _candidates(module)
    if len(found) == 1:
        return found[0], getattr(module, found[0])
    if not found:
        plain = [n for n, v in vars(module).items()
                 if isinstance(v, types.FunctionType) and v.__module__ == module.__name__]
        raise UsageError("no function decorated with @nki.jit; name the entry (functions: " + ", ".join(plain) + ")")
    raise UsageError("several kernels in the file; name the entry: " + ", ".join(found))


def _function(entry):
    return getattr(entry, "func", entry)


def _tensor_arg(name, spec):
    shape = tuple(int(s) for s in spec["shape"])
    return tensors.new_tensor(shape, spec.get("dtype", "float32"), "hbm", "argument", "argument", name=name, stack=[])


def _python_note(rec, exc):
    stack = rec.traceback_stack(exc.__traceback__)
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    rec.fail("python", text, stack)


def _signature_json(module, launch):
    import inspect
    name, entry = _entry(module, launch)
    params = []
    for p in inspect.signature(_function(entry)).parameters.values():
        item = {"name": p.name, "kind": p.kind.name.lower()}
        if p.default is not inspect.Parameter.empty:
            item["default"] = repr(p.default)
        if p.annotation is not inspect.Parameter.empty:
            item["annotation"] = getattr(p.annotation, "__name__", repr(p.annotation))
        params.append(item)
    return {"entry": name, "parameters": params}


def _programs(rec, launch, entry):
    grid = launch.get("grid") or getattr(entry, "grid", None)
    lnc = int(launch.get("lnc") or 1)
    rec.grid = [int(g) for g in grid] if grid else None
    rec.lnc = lnc
    if rec.grid:
        ids = [[]]
        for n in rec.grid:
            ids = [i + [k] for i in ids for k in range(n)]
        return ids
    if lnc > 1:
        return [[k] for k in range(lnc)]
    return [[]]


def _check_outputs(rec, result):
    values = result if isinstance(result, (tuple, list)) else [result]
    for v in values:
        if isinstance(v, View) and v._t.buffer in ("hbm", "private_hbm") and v._t.kind != "argument":
            rec.note("warning", "output-buffer",
                     f"kernel output '{v.name}' is in nl.{v._t.buffer}; outputs belong in nl.shared_hbm", v._t.stack)


def _run_program(rec, module, entry, launch, pid):
    state.add_boundary(_run_program.__code__)
    rec.begin_program(pid)
    func = _function(entry)
    namespace = vars(module)
    args, kwargs = [], {}
    for spec in launch.get("args") or []:
        args.append(_tensor_arg(spec["name"], spec))
    setup = launch.get("setup")
    if setup:
        exec(compile(setup, "<launch setup>", "exec"), namespace)
    for key, value in (launch.get("kwargs") or {}).items():
        if isinstance(value, dict):
            kwargs[key] = _tensor_arg(key, value)
        else:
            kwargs[key] = eval(compile(str(value), f"<launch kwarg {key}>", "eval"), namespace)
    result = func(*args, **kwargs)
    _check_outputs(rec, result)


def run(argv=None):
    parser = argparse.ArgumentParser(prog="run_kernel.py", description="Trace an NKI kernel with the explorer's stand-in.")
    parser.add_argument("--launch")
    parser.add_argument("--launch-json")
    parser.add_argument("--kernel", required=True)
    parser.add_argument("--out")
    parser.add_argument("--program", type=int)
    parser.add_argument("--signature", action="store_true")
    try:
        args = parser.parse_args(argv)
    except SystemExit:
        return USAGE_ERROR
    if not args.signature and not args.out:
        print("run_kernel.py: --out is required (or --signature)", file=sys.stderr)
        return USAGE_ERROR
    try:
        launch, base = _read_launch(args)
    except (OSError, ValueError) as e:
        print(f"run_kernel.py: cannot read the launch: {e}", file=sys.stderr)
        return USAGE_ERROR
    if not os.path.isfile(args.kernel):
        print(f"run_kernel.py: no kernel file {args.kernel}", file=sys.stderr)
        return USAGE_ERROR
    kernel = os.path.abspath(args.kernel)
    _setup_path(kernel, launch, base)
    rec = state.Recorder(kernel)
    state.set_recorder(rec)
    placeholders.install()
    loops.install_range()
    module = None
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 3000))
    # A trace is hundreds of thousands of small records that all stay alive: the
    # default thresholds rescan them over and over for cycles they do not have.
    gc.freeze()
    gc.set_threshold(100_000, 50, 1000)
    try:
        module = _import_kernel(kernel)
        if args.signature:
            loops.uninstall_range()
            print(json.dumps(_signature_json(module, launch)))
            return 0
        name, entry = _entry(module, launch)
        rec.entry = name
        func = _function(entry)
        # Only nki.jit picks its framework from the arguments; the legacy
        # decorators (@baremetal, ...) launch a kernel without any.
        if _takes_no_arguments(func) and getattr(entry, "decorator", "nki.jit") == "nki.jit":
            rec.note("error", "no-arguments", f"kernel '{name}' takes no arguments; nki.jit refuses such kernels "
                     "since SDK 2.28", [_def_location(rec, func)], run_level=True)
        ids = _programs(rec, launch, entry)
        for i, pid in enumerate(ids):
            if args.program is not None and i != args.program:
                continue
            try:
                _run_program(rec, module, entry, launch, pid)
            except state.StopProgram:
                pass
            if rec.error is not None:
                break
    except UsageError as e:
        if args.signature:
            print(f"run_kernel.py: {e}", file=sys.stderr)
            return USAGE_ERROR
        rec.fail("python", str(e), [])
    except state.EndRun:
        pass
    except state.StopProgram:
        pass
    except SyntaxError as e:
        loc = rec.location(e.filename or kernel, e.lineno or 0, e.offset or 0) if e.filename else None
        rec.fail("python", f"SyntaxError: {e.msg}", [loc] if loc else [])
    except Exception as e:  # the user's code failed: located, and the trace still written
        _python_note(rec, e)
    finally:
        loops.uninstall_range()
    if args.signature:
        print(json.dumps({"error": rec.error, "files": rec.files}))
        return 0
    write(rec, module, args.out)
    return 0


def _takes_no_arguments(func):
    """inspect.signature(func).parameters is empty; read from the code object when func is
    a plain function (inspect costs a small kernel's run several milliseconds to import)."""
    code = getattr(func, "__code__", None)
    if type(func) is not types.FunctionType or code is None or "__wrapped__" in vars(func) \
            or "__signature__" in vars(func):
        import inspect
        return not inspect.signature(func).parameters
    return code.co_argcount + code.co_kwonlyargcount == 0 and not code.co_flags & (_CO_VARARGS | _CO_VARKEYWORDS)


_CO_VARARGS, _CO_VARKEYWORDS = 0x04, 0x08  # inspect.CO_VARARGS, inspect.CO_VARKEYWORDS


def _def_location(rec, func):
    """The `def` line (co_firstlineno is the first decorator's)."""
    code = func.__code__
    line = code.co_firstlineno
    for n in range(line, line + 50):
        text = linecache.getline(code.co_filename, n)
        m = re.match(r"\s*(async\s+)?def\b", text)
        if m:
            return rec.location(code.co_filename, n, text.index("def") + 1)
    return rec.location(code.co_filename, line, 1)


def _api():
    have_new = "nki.language" in sys.modules or "nki.isa" in sys.modules
    have_old = "neuronxcc.nki" in sys.modules
    return "mixed" if have_new and have_old else "nki" if have_new else "legacy" if have_old else "none"


# The reader refuses a trace over 256 MiB; programs are cut to stay below it.
DOCUMENT_CAP = 256 * 1024 * 1024 - (1 << 20)


def _dumps(value):
    # The records share location and region objects but hold no cycles: the
    # encoder's cycle check only costs time.
    return json.dumps(value, separators=(",", ":"), check_circular=False)


def _programs_within_cap(rec, cap):
    """Serialised programs, the later ones cut (and marked truncated) if the whole would exceed cap."""
    out, used = [], 0
    for prog in rec.programs:
        text = _dumps(prog.to_json())
        if used + len(text) > cap:
            share = max(cap - used, 0)
            keep = int(len(prog.instructions) * share / max(len(text), 1) * 0.9)
            prog.loops = [l for l in prog.loops if l["last"] < keep]
            del prog.instructions[keep:]
            prog.truncated = True
            prog.notes.append(rec.make_note("error", "limit", "the trace reached its 256 MiB cap; "
                                            f"instructions after {keep} are not recorded", []))
            text = _dumps(prog.to_json())
        used += len(text)
        out.append(text)
    return out


def write(rec, module, out, cap=DOCUMENT_CAP):
    programs = _programs_within_cap(rec, cap)
    doc = {
        "format": "tirx-nki-trace",
        "version": 1,
        "kernel": {"file": rec.kernel_file, "entry": rec.entry, "api": _api()},
        "launch": {"grid": rec.grid, "lnc": rec.lnc},
        "programs": "@PROGRAMS@",
        "notes": rec.notes,
        "error": rec.error,
    }
    doc["files"] = rec.files
    tmp = out + ".part"
    head, tail = json.dumps(doc, separators=(",", ":")).split('"@PROGRAMS@"')
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(head + "[" + ",".join(programs) + "]" + tail)
    os.replace(tmp, out)
