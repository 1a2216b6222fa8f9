"""One INSTRUCTION record per NKI call: regions written and read, scalar
arguments, location; and the checks that follow the data (a read of
elements nothing wrote, matmul accumulation on a fresh location)."""

import enum
import sys

from .lazynp import loaded as numpy_loaded, np

from . import access, cellmask, contracts, state
from .view import View


def arg_value(value):
    """A scalar or enum argument as the trace records it."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    numpy = numpy_loaded()
    if numpy is not None and isinstance(value, (numpy.integer, numpy.floating, numpy.bool_)):
        return value.item()
    if isinstance(value, enum.Enum):
        return value.name
    name = getattr(value, "nki_name", None) or getattr(value, "__name__", None)
    if name:
        return name
    if isinstance(value, (tuple, list)):
        return [arg_value(v) for v in value]
    return repr(value)


class Access:
    """A view resolved for one instruction: its REGION and the cells it touches."""

    __slots__ = ("tensor", "block", "masked", "elements", "region", "bytes", "_rects", "_json")

    def __init__(self, view, mask=None):
        t = view._t
        self.tensor = t
        self.block = view._block
        self.masked = mask is not None
        self.elements = None
        self.bytes = None
        self._rects = None
        self._json = None
        row = t.row or 1  # a zero-size tile (an empty slice) still resolves
        if view._elements is None and mask is None:
            # The common case, a strided view: its region depends on the pattern alone
            # (kept on the view too: views are immutable and most are accessed several times).
            hit = view._strided
            if hit is None:
                dims = view._dims
                key = (row, t.dtype.itemsize, view._offset, *[(s, c) for s, c in dims])
                hit = _strided.get(key)
                if hit is None:
                    region = access.region_from_pattern(view._offset, dims, row)
                    if region is not None:
                        hit = _strided[key] = (region, access.free_bytes(region["free"], t.dtype.itemsize), {})
                view._strided = hit or False
            if hit:
                self.region, self.bytes, self._rects = hit
                return
        region = None
        if view._elements is not None or mask is not None:
            elements = view._elements
            if elements is None:
                if view.size <= access.MATERIALISE_CAP:
                    elements = access.pattern_elements(view._offset, view._dims)
            if elements is not None and mask is not None:
                try:
                    elements = access.apply_mask(elements, mask)
                except ValueError:
                    pass
            if elements is not None:
                self.elements = elements.ravel()
                region = access.region_from_elements(self.elements, row)
        if region is None:
            region = access.region_from_pattern(view._offset, view._dims, row)
            if region is None:
                if view.size <= access.MATERIALISE_CAP:
                    self.elements = access.pattern_elements(view._offset, view._dims).ravel()
                    region = access.region_from_elements(self.elements, row)
                else:
                    region = access.bounding_region(view._offset, view._dims, row)
        if mask is not None and self.elements is None and "inexact" not in region:
            # A mask over an access too large to list: the region is the unmasked one.
            region = dict(region, inexact=access.BOUNDING)
        self.region = region

    def to_json(self):
        """The access's record; one object for every instruction using this Access (records only read it)."""
        if self._json is None:
            r = self.region
            nbytes = self.bytes
            if nbytes is None:
                nbytes = access.free_bytes(r["free"], self.tensor.dtype.itemsize)
            self._json = {"tensor": self.tensor.id, "block": self.block, "partitions": r["partitions"],
                          "free": r["free"], "bytes": nbytes, "masked": self.masked}
            if "inexact" in r:
                self._json["inexact"] = r["inexact"]
        return self._json

    def _cells(self, shape):
        """The touched cells of a (blocks, P, row) array, flattened, in range."""
        blocks = range(shape[0]) if self.block is None else [self.block]
        per_block = shape[1] * shape[2]
        if self.elements is not None:
            e = self.elements[(self.elements >= 0) & (self.elements < per_block)]
        else:
            p = self.region["partitions"]
            rows = p["start"] + p["step"] * np.arange(p["count"], dtype=np.int64)
            rows = rows[(rows >= 0) & (rows < shape[1])]
            cols = access.free_columns(self.region["free"])
            cols = cols[(cols >= 0) & (cols < shape[2])]
            e = np.add.outer(rows * shape[2], cols).ravel()
        return np.concatenate([b * per_block + e for b in blocks]) if len(blocks) != 1 else blocks[0] * per_block + e

    def _box(self, shape):
        """Basic slices for a strided region (one free dim): far cheaper than cell lists."""
        if self.elements is not None:
            return None
        p = self.region["partitions"]
        dims = self.region["free"]["dims"]
        if len(dims) != 1 or dims[0][0] <= 0 or p["step"] <= 0 or p["start"] < 0:
            return None
        (step, count), c0 = dims[0], self.region["free"]["offset"]
        blocks = slice(None) if self.block is None else slice(self.block, self.block + 1)
        rows = slice(p["start"], min(p["start"] + p["step"] * p["count"], shape[1]), p["step"])
        return blocks, rows, slice(c0, min(c0 + step * count, shape[2]), step)

    def rect(self, shape):
        """What _box selects, as (cell count, (b0, b1, r0, r1, c0, c1) or None when not
        contiguous); None when the access is no box."""
        cache = self._rects
        if cache is None:
            return self._rect(shape)
        key = (self.block, shape)
        hit = cache.get(key, cache)
        if hit is cache:
            hit = cache[key] = self._rect(shape)
        return hit

    def _rect(self, shape):
        if self.elements is not None:
            return None
        region = self.region
        p = region["partitions"]
        free = region["free"]
        dims = free["dims"]
        pstart, pstep = p["start"], p["step"]
        if len(dims) != 1 or dims[0][0] <= 0 or pstep <= 0 or pstart < 0:
            return None
        step, count = dims[0]
        c0 = free["offset"]
        nb, rows, cols = shape
        if self.block is None:
            bn, bspan = nb, (0, nb)
        else:
            bn, bspan = cellmask.span(self.block, self.block + 1, 1, nb)
        rn, rspan = cellmask.span(pstart, min(pstart + pstep * p["count"], rows), pstep, rows)
        cn, cspan = cellmask.span(c0, min(c0 + step * count, cols), step, cols)
        n = bn * rn * cn
        if bspan is None or rspan is None or cspan is None:
            return n, None
        return n, bspan + rspan + cspan

    def _unset_in(self, grid):
        box = self._box(grid.shape)
        if box is not None:
            part = grid[box]
            return int(part.size - np.count_nonzero(part))
        cells = self._cells(grid.shape)
        return int(cells.size - np.count_nonzero(grid.reshape(-1)[cells]))

    def _mark_in(self, grid, value):
        box = self._box(grid.shape)
        if box is not None:
            grid[box] = value
            return
        grid.reshape(-1)[self._cells(grid.shape)] = value

    def all_set(self, mask):
        """How many touched cells the mask (a CellMask) does not have set."""
        return mask.unset(self)

    def set(self, mask, value):
        mask.mark(self, value)


# (row, itemsize, offset, dims...) -> (region, bytes) of strided accesses: a kernel
# touches the same few tile patterns thousands of times. The region objects are
# shared between instruction records, which only ever read them.
_strided = {}


def _access(view, mask):
    """The view's Access: kept on the view when unmasked (views and accesses never change,
    and a tile is read and written by several instructions in a row)."""
    if mask is not None:
        return Access(view, mask)
    a = view._access
    if a is None:
        a = view._access = Access(view)
    return a


def as_view(value):
    return value if isinstance(value, View) else None


def record(op, engine, writes, reads, args=None, mask=None, matmul=None, operands=None):
    """Records one instruction. writes/reads: views (None and scalars are skipped).
    matmul: None, or the accumulate flag of a matmul writing its first destination.
    operands: parameter name -> {"write" | "read": first index, "count": n} in writes/reads,
    for calls whose tensor parameters are named (the nisa.* table)."""
    rec = state.recorder()
    prog = rec.program or state.program()
    stack = rec.user_stack(sys._getframe(1))
    if len(prog.instructions) >= state.MAX_INSTRUCTIONS:
        rec.note("error", "limit", f"the stand-in stops recording at {state.MAX_INSTRUCTIONS} instructions per program", stack)
        prog.truncated = True
        raise state.StopProgram()
    w = [_access(v, mask) for v in writes if isinstance(v, View)]
    r = [_access(v, mask) for v in reads if isinstance(v, View)]
    if matmul is not None and w:
        _check_accumulate(rec, w[0], matmul, stack, op, r)
    for a in r:
        if a.tensor.written is not None:
            _check_read(rec, a, op, stack)
    for i, a in enumerate(w):
        t = a.tensor
        if t.written is not None:
            t.written.mark(a, True)
        if t.matmul_written is not None:
            t.matmul_written.mark(a, matmul is not None and i == 0)
    record_json = {
        "index": len(prog.instructions), "op": op, "engine": engine,
        "writes": [a.to_json() for a in w], "reads": [a.to_json() for a in r],
        "args": {k: arg_value(v) for k, v in args.items()} if args else {},
        "operands": operands or {},
        "loc": stack[0] if stack else None, "stack": stack,
    }
    prog.instructions.append(record_json)
    prog.last_accesses = (w, mask)
    return record_json


def _check_read(rec, a, op, stack):
    t = a.tensor
    if t.written is None:
        return
    missing = a.all_set(t.written)
    if missing:
        rec.note("error", "uninitialised-read",
                 f"{op} reads {missing} element(s) of '{t.name}' that no instruction has written", stack,
                 once_key=t.id)


def _check_accumulate(rec, a, accumulate, stack, op, reads):
    t = a.tensor
    if t.matmul_written is None:
        return
    fresh = a.all_set(t.matmul_written)
    if accumulate is True and fresh:
        what = ("part of it was never written" if a.all_set(t.written)
                else "it was written by an instruction other than a matmul: memset, copy, ...")
        contracts.report("matmul-accumulate",
                         f"{op}(accumulate=True) into '{t.name}', but {fresh} element(s) of it were not started by a "
                         f"matmul with accumulate=False ({what}): undefined on NeuronCore-v2/v3", stack)
    if accumulate is True or (accumulate is None and not fresh):
        reads.append(a)
