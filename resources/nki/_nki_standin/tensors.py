"""Tensors (one record per allocation) and views (what kernels hold: a
tensor, an offset and a [stride, count] pattern over its storage)."""

import math
import sys

from . import access, contracts, dtypes, naming, state
from .cellmask import CellMask

ON_CHIP = ("sbuf", "psum")
BUFFERS = ("sbuf", "psum", "hbm", "shared_hbm", "private_hbm")
PSUM_BANK_BYTES = 2048
PSUM_BANKS = 8
PARTITIONS = 128
# Tensors larger than this many elements get no written-mask (no uninitialised-read check).
WRITTEN_CAP = 1 << 24


class ParDim(int):
    """nl.par_dim(P): marks the partition dim of a legacy block tile."""

    def __repr__(self):
        return f"nl.par_dim({int(self)})"


class Tensor:
    def __init__(self, shape, dtype, buffer, kind, created_by, name, stack):
        prog = state.program()
        if len(prog.tensors) >= state.MAX_TENSORS:
            state.recorder().note("error", "limit", f"the stand-in stops recording at {state.MAX_TENSORS} tensors per program", stack)
            prog.truncated = True
            raise state.StopProgram()
        self.id = len(prog.tensors)
        self.shape = tuple(int(s) for s in shape)
        self.dtype = dtype
        self.buffer = buffer
        self.kind = kind
        self.created_by = created_by
        self.name = name
        self.stack = stack
        self.address = None
        self.blocks = None
        nblock = 0
        for i, s in enumerate(shape):
            if isinstance(s, ParDim):
                nblock = i
        self.block_shape = self.shape[:nblock]
        self.storage_shape = self.shape[nblock:] or (1,)
        self.row = math.prod(self.storage_shape[1:]) if len(self.storage_shape) > 1 else 1
        self.block_count = math.prod(self.block_shape)
        if self.block_shape and kind == "ndarray":
            self.kind = "block"
        self.written = None
        self.matmul_written = None
        if self.on_chip:
            cells = max(self.block_count, 1) * self.storage_shape[0] * self.row
            if cells <= WRITTEN_CAP:
                grid = (max(self.block_count, 1), self.storage_shape[0], self.row)
                self.written = CellMask(grid)
                if buffer == "psum":
                    self.matmul_written = CellMask(grid)
        prog.tensors.append(self)

    @property
    def on_chip(self):
        return self.buffer in ON_CHIP

    @property
    def partition_count(self):
        return self.storage_shape[0]

    @property
    def bytes_per_partition(self):
        return self.row * self.dtype.itemsize

    def to_json(self):
        out = {
            "id": self.id, "name": self.name, "buffer": self.buffer, "shape": list(self.shape),
            "dtype": str(self.dtype), "dtype_bytes": self.dtype.itemsize, "kind": self.kind,
            "created_by": self.created_by, "loc": self.stack[0] if self.stack else None, "stack": self.stack,
        }
        if self.on_chip:
            start = 0
            if self.address:
                start = self.address["partition"]
            elif self.blocks and self.blocks["addresses"] and self.blocks["addresses"][0]:
                start = self.blocks["addresses"][0]["partition"]
            out["partitions"] = [start, start + self.partition_count]
            out["bytes_per_partition"] = self.bytes_per_partition
            out["address"] = self.address
            out["blocks"] = self.blocks
        return out


def buffer_name(buffer):
    """'sbuf', 'psum', ... for nl.sbuf, a MemoryRegion, a string, or a legacy allocator."""
    name = getattr(buffer, "buffer_name", None) or getattr(buffer, "value", None) or buffer
    name = str(name)
    if name not in BUFFERS:
        raise ValueError(f"unknown buffer {buffer!r}: expected nl.sbuf, nl.psum, nl.hbm, nl.shared_hbm or nl.private_hbm")
    return name


def check_partitions(rec, count, start, stack, what):
    if count > PARTITIONS:
        contracts.report("tile-partitions", f"{what} spans {count} partitions; a tile has at most {PARTITIONS}", stack)
        return
    if start is None:
        return
    if count > 64:
        allowed = (0,)
    elif count > 32:
        allowed = (0, 64)
    else:
        allowed = (0, 32, 64, 96)
    if start not in allowed:
        rec.note("error", "partition-start",
                 f"{what} over {count} partitions starts at partition {start}; "
                 f"it must start at {' or '.join(str(a) for a in allowed)}", stack)


def check_psum_place(rec, tensor, byte, stack, what):
    bpp = tensor.bytes_per_partition
    if byte is None:
        return
    bank, within = divmod(byte, PSUM_BANK_BYTES)
    if within + bpp > PSUM_BANK_BYTES and bpp <= PSUM_BANK_BYTES:
        contracts.report("psum-tile-bank", f"{what} at byte {byte} crosses from PSUM bank {bank} into the next; "
                         "a tile that spans banks must start at a bank boundary", stack)
    if bank < 0 or byte + bpp > PSUM_BANK_BYTES * PSUM_BANKS:
        rec.note("error", "psum-tile", f"{what} at byte {byte} ({bpp} bytes per partition) uses PSUM beyond bank 7; banks are 0-7", stack)


def new_tensor(shape, dtype, buffer, kind, created_by, name=None, address=None, stack=None, frame=None):
    rec = state.recorder()
    if frame is None:
        frame = sys._getframe(2)
    if stack is None:
        stack = rec.user_stack(frame)
    if not name:
        name = naming.from_source(frame)
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    for s in shape:
        if access._as_int(s) is None:
            raise TypeError(f"a tensor shape holds integers, not {s!r}")
    t = Tensor(shape, dtypes.resolve(dtype), buffer_name(buffer) if not hasattr(buffer, "place") else buffer.buffer_name,
               kind, created_by, str(name), stack)
    if t.on_chip:
        check_partitions(rec, t.partition_count, None, stack, f"'{t.name}'")
        if t.buffer == "psum" and t.bytes_per_partition > PSUM_BANK_BYTES:
            contracts.report("psum-tile-bank", f"PSUM tile '{t.name}' holds {t.bytes_per_partition} bytes per "
                             f"partition; a PSUM tile fits one {PSUM_BANK_BYTES}-byte bank", stack)
        if hasattr(buffer, "place"):
            buffer.place(t, rec, stack)
        elif address is not None:
            place_explicit(t, address, rec, stack)
    elif address is not None:
        pass  # HBM addresses are the runtime's business
    return View(t)


def place_explicit(t, address, rec, stack):
    try:
        partition, byte = (int(a) for a in address)
    except (TypeError, ValueError):
        raise TypeError(f"address= takes (partition_start, byte_offset), not {address!r}")
    t.address = {"partition": partition, "byte": byte}
    check_partitions(rec, t.partition_count, partition, stack, f"'{t.name}'")
    if t.buffer == "psum":
        check_psum_place(rec, t, byte, stack, f"PSUM tile '{t.name}'")


from .view import View  # noqa: E402  (View needs the names above)
