"""A validator of the NKI trace schema (resources/nki/TRACE.md, version 1)."""

SEVERITIES = {"error", "warning", "note"}
CODES = {"unmodelled", "python", "placeholder", "limit", "timeout", "uninitialised-read", "partition-start",
         "partition-count", "psum-tile", "contract", "legacy-api", "output-buffer", "no-arguments"}
BUFFERS = {"sbuf", "psum", "hbm", "shared_hbm", "private_hbm"}
KINDS = {"argument", "ndarray", "implicit", "block"}
ENGINES = {"pe", "act", "dve", "pool", "dma", "gpsimd", None}
LOOPS = {"range", "affine_range", "sequential_range", "static_range", "dynamic_range"}


class SchemaError(AssertionError):
    pass


def _need(cond, where, what):
    if not cond:
        raise SchemaError(f"{where}: {what}")


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def location(doc, loc, where):
    _need(isinstance(loc, dict) and set(loc) == {"file", "line", "column"}, where, f"a location, not {loc!r}")
    _need(_int(loc["file"]) and 0 <= loc["file"] < len(doc["files"]), where, "file index out of range")
    _need(_int(loc["line"]) and loc["line"] >= 1 and _int(loc["column"]) and loc["column"] >= 0, where, "line/column")


def stack(doc, s, where):
    _need(isinstance(s, list), where, "stack is a list")
    for i, loc in enumerate(s):
        location(doc, loc, f"{where}.stack[{i}]")


def note(doc, n, where):
    _need(isinstance(n, dict), where, "note is an object")
    _need(n.get("severity") in SEVERITIES, where, f"severity {n.get('severity')!r}")
    _need(n.get("code") in CODES, where, f"code {n.get('code')!r}")
    _need(isinstance(n.get("message"), str) and n["message"], where, "message")
    if n.get("loc") is not None:
        location(doc, n["loc"], where + ".loc")
    stack(doc, n.get("stack"), where)


def region(doc, prog, r, where):
    _need(_int(r.get("tensor")) and 0 <= r["tensor"] < len(prog["tensors"]), where, "tensor id")
    t = prog["tensors"][r["tensor"]]
    _need(r.get("block") is None or (_int(r["block"]) and t.get("blocks") and 0 <= r["block"] < t["blocks"]["count"]),
          where, f"block {r.get('block')!r}")
    p = r.get("partitions")
    _need(isinstance(p, dict) and all(_int(p.get(k)) for k in ("start", "step", "count")), where, "partitions")
    f = r.get("free")
    _need(isinstance(f, dict) and _int(f.get("offset")) and isinstance(f.get("dims"), list), where, "free")
    for d in f["dims"]:
        _need(isinstance(d, list) and len(d) == 2 and all(_int(x) for x in d), where, f"free dim {d!r}")
    b = r.get("bytes")
    _need(isinstance(b, list) and len(b) == 2 and all(_int(x) for x in b) and b[0] <= b[1], where, "bytes")
    _need(isinstance(r.get("masked"), bool), where, "masked")
    _need("inexact" not in r or (isinstance(r["inexact"], str) and r["inexact"]), where, "inexact")


def tensor(doc, t, i, where):
    _need(t.get("id") == i, where, "id equals its index")
    _need(isinstance(t.get("name"), str) and t["name"], where, "name")
    _need(t.get("buffer") in BUFFERS, where, f"buffer {t.get('buffer')!r}")
    _need(isinstance(t.get("shape"), list) and all(_int(s) for s in t["shape"]), where, "shape")
    _need(isinstance(t.get("dtype"), str) and _int(t.get("dtype_bytes")) and t["dtype_bytes"] > 0, where, "dtype")
    _need(t.get("kind") in KINDS, where, f"kind {t.get('kind')!r}")
    _need(isinstance(t.get("created_by"), str), where, "created_by")
    if t.get("loc") is not None:
        location(doc, t["loc"], where + ".loc")
    stack(doc, t.get("stack"), where)
    if t["buffer"] in ("sbuf", "psum"):
        p = t.get("partitions")
        _need(isinstance(p, list) and len(p) == 2 and p[0] <= p[1], where, "partitions [start, end)")
        _need(_int(t.get("bytes_per_partition")), where, "bytes_per_partition")
        a = t.get("address")
        _need(a is None or (set(a) == {"partition", "byte"} and _int(a["partition"]) and _int(a["byte"])), where, "address")
        b = t.get("blocks")
        if b is not None:
            _need(_int(b.get("count")) and len(b.get("addresses", [])) == b["count"], where, "blocks.addresses per block")
            rot = b.get("rotation")
            _need(rot is None or (rot.get("allocator") in ("mod_alloc", "func") and _int(rot.get("tiles"))), where,
                  "blocks.rotation")


def program(doc, prog, where):
    _need(isinstance(prog.get("program"), list), where, "program ids")
    _need(isinstance(prog.get("truncated"), bool), where, "truncated")
    for i, t in enumerate(prog["tensors"]):
        tensor(doc, t, i, f"{where}.tensors[{i}]")
    for i, ins in enumerate(prog["instructions"]):
        w = f"{where}.instructions[{i}]"
        _need(ins.get("index") == i, w, "index equals its position")
        _need(isinstance(ins.get("op"), str) and ins["op"], w, "op")
        _need(ins.get("engine") in ENGINES, w, f"engine {ins.get('engine')!r}")
        _need(isinstance(ins.get("args"), dict), w, "args")
        for k in ("writes", "reads"):
            for j, r in enumerate(ins[k]):
                region(doc, prog, r, f"{w}.{k}[{j}]")
        location(doc, ins["loc"], w + ".loc")
        stack(doc, ins["stack"], w)
    for i, loop in enumerate(prog["loops"]):
        w = f"{where}.loops[{i}]"
        _need(loop.get("kind") in LOOPS, w, "kind")
        _need(0 <= loop["first"] <= loop["last"] < len(prog["instructions"]), w, "first/last")
        location(doc, loop["loc"], w + ".loc")
    for i, n in enumerate(prog["notes"]):
        note(doc, n, f"{where}.notes[{i}]")


def validate(doc):
    _need(doc.get("format") == "tirx-nki-trace" and doc.get("version") == 1, "trace", "format and version 1")
    k = doc.get("kernel")
    _need(isinstance(k, dict) and isinstance(k.get("file"), str), "kernel", "file")
    _need(k.get("api") in ("nki", "legacy", "mixed", "none"), "kernel", "api")
    _need(k.get("entry") is None or isinstance(k["entry"], str), "kernel", "entry")
    launch = doc.get("launch")
    _need(isinstance(launch, dict) and launch.get("lnc") in (1, 2), "launch", "lnc")
    _need(launch.get("grid") is None or all(_int(g) for g in launch["grid"]), "launch", "grid")
    _need(isinstance(doc.get("files"), list) and all(isinstance(f, str) for f in doc["files"]), "files", "list")
    for i, p in enumerate(doc["programs"]):
        program(doc, p, f"programs[{i}]")
    for i, n in enumerate(doc["notes"]):
        note(doc, n, f"notes[{i}]")
    if doc.get("error") is not None:
        note(doc, doc["error"], "error")
