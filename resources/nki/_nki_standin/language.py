"""nl.*: dtypes, buffers, tensor creation, index helpers, loops, program
ids, the ALU/activation function objects, and the value-returning compute
calls shared by nki.language and neuronxcc.nki.language."""

import enum
import math
import sys

from .lazynp import np

from . import access, dtypes, instructions, legacy_ops, loops, state, tensors
from .tensors import ParDim
from .view import View

globals().update(dtypes.ALL)
tfloat32 = dtypes.ALL["tfloat32"]
bool_ = dtypes.ALL["bool_"]


class MemoryRegion(enum.Enum):
    sbuf = "sbuf"
    psum = "psum"
    hbm = "hbm"
    private_hbm = "private_hbm"
    shared_hbm = "shared_hbm"

    def __str__(self):
        return self.value


sbuf = MemoryRegion.sbuf
psum = MemoryRegion.psum
hbm = MemoryRegion.hbm
private_hbm = MemoryRegion.private_hbm
shared_hbm = MemoryRegion.shared_hbm
BUFFER_OBJECTS = {m.value: m for m in MemoryRegion}


def is_hbm(buffer):
    return tensors.buffer_name(buffer) in ("hbm", "private_hbm", "shared_hbm")


def is_on_chip(buffer):
    return tensors.buffer_name(buffer) in tensors.ON_CHIP


def is_psum(buffer):
    return tensors.buffer_name(buffer) == "psum"


def is_sbuf(buffer):
    return tensors.buffer_name(buffer) == "sbuf"


class _TileSize:
    pmax = 128
    psum_fmax = 512
    psum_bank_fmax = 512
    psum_bank_fmax_bytes = 2048
    gemm_stationary_fmax = 128
    gemm_moving_fmax = 512
    bn_stats_fmax = 512
    psum_min_align = 4
    sbuf_min_align = 4
    psum_num_banks = 8
    sbuf_fmax_bytes = 192 * 1024
    sbuf_fmax = sbuf_fmax_bytes // 4
    sbuf_size_bytes = 128 * sbuf_fmax_bytes
    total_available_sbuf_size = sbuf_fmax_bytes

    def __getattr__(self, name):
        from . import unmodelled
        unmodelled.stop(f"nl.tile_size.{name}")


tile_size = _TileSize()


def par_dim(size):
    return ParDim(size)


def ds(start, size, step=1):
    return access.DynSlice(start, size, step)


def arange(start, stop=None, step=1):
    if stop is None:
        start, stop = 0, start
    return np.arange(start, stop, step)


class _Grid(tuple):
    """nl.mgrid[...] result: unpacks to index arrays, also as .p .x .y .z."""

    @property
    def p(self):
        return self[0]

    @property
    def x(self):
        return self[1]

    @property
    def y(self):
        return self[2]

    @property
    def z(self):
        return self[3]


class _MGrid:
    def __getitem__(self, key):
        return _Grid(np.ogrid[key] if isinstance(key, tuple) else (np.ogrid[key],))


mgrid = _MGrid()


# --- tensors -------------------------------------------------------------------

def ndarray(shape, dtype, buffer=sbuf, name="", address=None, **_):
    return tensors.new_tensor(shape, dtype, buffer, "ndarray", "nl.ndarray", name=name, address=address)


def _filled(created_by, value, shape, dtype, buffer, name, address, mask=None):
    out = tensors.new_tensor(shape, dtype, buffer, "ndarray", created_by, name=name, address=address,
                             frame=sys._getframe(2))
    instructions.record(created_by, None, [out], [], {"value": value}, mask=mask)
    return out


def zeros(shape, dtype, buffer=sbuf, name="", address=None, mask=None, **_):
    return _filled("nl.zeros", 0, shape, dtype, buffer, name, address, mask)


def ones(shape, dtype, buffer=sbuf, name="", address=None, mask=None, **_):
    return _filled("nl.ones", 1, shape, dtype, buffer, name, address, mask)


def full(shape, fill_value, dtype, buffer=sbuf, name="", address=None, mask=None, **_):
    return _filled("nl.full", fill_value, shape, dtype, buffer, name, address, mask)


def zeros_like(x, dtype=None, buffer=None, name="", **_):
    return _filled("nl.zeros_like", 0, x.shape, dtype or x.dtype, buffer or x._t.buffer, name, None)


def empty_like(x, dtype=None, buffer=None, name="", **_):
    return tensors.new_tensor(x.shape, dtype or x.dtype, buffer or x._t.buffer, "ndarray", "nl.empty_like", name=name)


def shared_identity_matrix(n, dtype=dtypes.ALL["uint8"], dst=None, **_):
    if dst is not None:
        instructions.record("nl.shared_identity_matrix", None, [dst], [], {"n": n})
        return dst
    out = tensors.new_tensor((n, n), dtype, "shared_hbm", "ndarray", "nl.shared_identity_matrix")
    return out


def shared_constant(constant, dtype=None, **_):
    """A constant the compiler places in HBM: recorded as a shared_hbm tensor of its shape."""
    arr = np.asarray(constant)
    shape = arr.shape if arr.ndim >= 2 else (arr.size, 1) if arr.ndim == 1 else (1, 1)
    kind = dtype or (str(arr.dtype) if str(arr.dtype) in dtypes.ALL else "float32")
    return tensors.new_tensor(shape, kind, "shared_hbm", "ndarray", "nl.shared_constant")


# --- loops and programs --------------------------------------------------------

def affine_range(start, stop=None, step=1, **_):
    return loops.make("affine_range", start, stop, step)


def sequential_range(start, stop=None, step=1, **_):
    return loops.make("sequential_range", start, stop, step)


def static_range(start, stop=None, step=1, **_):
    return loops.make("static_range", start, stop, step)


def dynamic_range(start, stop=None, step=1, **_):
    return loops.make("dynamic_range", start, stop, step)


def _launch():
    rec = state.recorder()
    pid = rec.program.pid if rec.program is not None else []
    grid = rec.grid or ([rec.lnc] if rec.lnc > 1 else [])
    return pid, grid


def program_id(axis=0):
    pid, _ = _launch()
    return pid[axis] if axis < len(pid) else 0


def num_programs(axes=0):
    _, grid = _launch()
    if isinstance(axes, (tuple, list)):
        return math.prod(grid[a] if a < len(grid) else 1 for a in axes)
    return grid[axes] if axes < len(grid) else 1


def program_ndim():
    return len(_launch()[1])


# --- compute calls and function objects ----------------------------------------------

class ApiFunction:
    """nl.add, nl.exp, ...: an ALU or activation function object passed as op=,
    and a value-returning compute call when called on tiles."""

    def __init__(self, name, kind):
        self.nki_name = name
        self.__name__ = name
        self.kind = kind

    def __repr__(self):
        return "nl." + self.nki_name

    def __call__(self, *operands, dtype=None, mask=None, **kwargs):
        if self.kind == "reduce":
            x = operands[0]
            axis = operands[1] if len(operands) > 1 else kwargs.pop("axis")
            return legacy_ops.reduce(self.nki_name, x, axis, dtype=dtype, mask=mask, **kwargs)
        engine = "act" if self.kind == "act" else None
        return legacy_ops.elementwise(self.nki_name, operands, dtype=dtype, mask=mask, engine=engine, **kwargs)


_ALU = ("add subtract multiply divide maximum minimum abs_max abs_min power equal not_equal less less_equal "
        "greater greater_equal bitwise_and bitwise_or bitwise_xor invert left_shift right_shift logical_and "
        "logical_or logical_xor logical_not fmod mod average bypass")
_ACT = ("exp log sqrt rsqrt tanh sigmoid relu gelu gelu_apprx_sigmoid gelu_apprx_tanh gelu_dx "
        "gelu_apprx_sigmoid_dx silu silu_dx softplus mish erf erf_dx reciprocal sin cos tan arctan ceil floor "
        "trunc negative sign abs square prelu identity")
_REDUCE = "sum max min mean prod var all"
for _n in _ALU.split():
    globals()[_n] = ApiFunction(_n, "alu")
for _n in _ACT.split():
    globals()[_n] = ApiFunction(_n, "act")
for _n in _REDUCE.split():
    globals()[_n] = ApiFunction(_n, "reduce")
copy = ApiFunction("copy", "alu")

load = legacy_ops.load
store = legacy_ops.store
matmul = legacy_ops.matmul
transpose = legacy_ops.transpose


def softmax(x, axis=-1, dtype=None, mask=None, **_):
    return legacy_ops.compute("nl.softmax", None, [x], x.shape, dtype, args={"axis": axis}, mask=mask)


def where(condition, x, y, dtype=None, mask=None, **_):
    return legacy_ops.elementwise("where", (condition, x, y), dtype=dtype, mask=mask)


def broadcast_to(x, shape, dtype=None, **_):
    return x.broadcast_to(shape)


def expand_dims(x, axis):
    return x.expand_dim(axis)


def load_transpose2d(src, dtype=None, mask=None, **_):
    return legacy_ops.compute("nl.load_transpose2d", "dma", [src], tuple(reversed(src.shape)), dtype, mask=mask)


class _NoReorder:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def no_reorder():
    """A scheduling hint: the recorded order is program order anyway."""
    return _NoReorder()


NkiTensor = View


def _public():
    import types
    hidden = {"View", "ParDim", "BUFFER_OBJECTS", "TABLE", "ENGINE_NAMES", "dst_elements"}
    return [n for n, v in globals().items()
            if not n.startswith("_") and n not in hidden and not isinstance(v, types.ModuleType)]


__all__ = _public()
