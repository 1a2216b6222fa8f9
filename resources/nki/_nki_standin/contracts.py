"""The documented contracts of the NKI calls the stand-in checks: one table.

Each rule names the calls it binds, the documentation page and section it
comes from (the NKI API reference of the Neuron SDK, aws-neuron-sdk
nki/api/: the nki.isa and nki.language pages) and what it requires. Every
check, here or in the module that sees the fact (tensors.py for tile sizes,
instructions.py for what wrote a PSUM location), reports through `report`
with its rule, so the message names its source and `python3 -m
_nki_standin.contracts` prints the whole table (resources/nki/CONTRACTS.md).
"""

import collections
import sys

from . import state
from .view import View

# code: the note's code (older checks keep the one the views filter on).
Rule = collections.namedtuple("Rule", "id calls source requires code", defaults=("contract",))

RULES = {r.id: r for r in (
    Rule("dma-elements", "nisa.dma_copy", "nki.isa.dma_copy, Tile size",
         "src and dst hold the same number of elements"),
    Rule("dma-memory", "nisa.dma_copy", "nki.isa.dma_copy, Memory types",
         "src and dst are in HBM or SBUF, not PSUM"),
    Rule("matmul-memory", "nisa.nc_matmul", "nki.isa.nc_matmul, Memory types",
         "stationary and moving are SBUF tiles; dst is a PSUM tile"),
    Rule("matmul-dst-dtype", "nisa.nc_matmul", "nki.isa.nc_matmul, Data types",
         "dst is float32 (bfloat16 too from NeuronCore-v4 on)", "psum-tile"),
    Rule("matmul-input-dtype", "nisa.nc_matmul", "nki.isa.nc_matmul, Data types",
         "a float32 or tfloat32 operand pairs only with a float32 or tfloat32 operand"),
    Rule("matmul-partitions", "nisa.nc_matmul", "nki.isa.nc_matmul, Tile size",
         "stationary and moving span the same number of partitions, at most 128"),
    Rule("matmul-stationary-free", "nisa.nc_matmul", "nki.isa.nc_matmul, Tile size",
         "stationary's free size is at most 128"),
    Rule("matmul-moving-free", "nisa.nc_matmul", "nki.isa.nc_matmul, Tile size",
         "moving's free size is at most 512 on NeuronCore-v2/v3 (one PSUM bank of float32)"),
    Rule("matmul-layout", "nisa.nc_matmul", "nki.isa.nc_matmul, Layout",
         "stationary's free size is dst's partition count; moving's free size is dst's free size"),
    Rule("matmul-accumulate", "nisa.nc_matmul", "nki.isa.nc_matmul, Accumulation mode",
         "accumulate=True only onto a PSUM location a matmul with accumulate=False started; "
         "a location a memset or copy initialised is undefined to accumulate onto on NeuronCore-v2/v3"),
    Rule("activation-bias", "nisa.activation nisa.activation_reduce", "nki.isa.activation, Layout",
         "bias is an [N, 1] vector, one value per partition (a constant scalar too from NeuronCore-v3 on)"),
    Rule("activation-tile", "nisa.activation nisa.activation_reduce", "nki.isa.activation, Tile size",
         "data and dst span the same partitions and hold the same number of elements per partition"),
    Rule("tensor-tensor-psum", "nisa.tensor_tensor", "nki.isa.tensor_tensor",
         "data1 and data2 are not both in PSUM"),
    Rule("tensor-tensor-tile", "nisa.tensor_tensor", "nki.isa.tensor_tensor",
         "data1 and data2 span the same partitions and hold the same number of elements per partition"),
    Rule("tensor-copy-tile", "nisa.tensor_copy", "nki.isa.tensor_copy",
         "dst spans src's partitions and holds as many elements per partition"),
    Rule("tensor-reduce-axis", "nisa.tensor_reduce", "nki.isa.tensor_reduce",
         "axis names free dimensions by their non-negative index, the last ones up to the final dimension; "
         "never the partition axis 0"),
    Rule("tensor-reduce-tile", "nisa.tensor_reduce", "nki.isa.tensor_reduce, Tile size",
         "data and dst span the same partitions, at most 128"),
    Rule("gpsimd-psum", "nisa.* on engine=gpsimd", "nki.isa.tensor_copy (GpSimd Engine cannot access PSUM)",
         "an instruction on the GpSimd Engine neither reads nor writes PSUM"),
    Rule("compute-on-chip", "nisa.* compute instructions", "nki.isa.tensor_copy, nki.isa.activation, "
         "nki.isa.tensor_tensor: Memory types", "compute engines read and write SBUF or PSUM tiles, never HBM"),
    Rule("tile-partitions", "nl.ndarray", "nki.language.tile_size (pmax)",
         "an on-chip tile spans at most 128 partitions", "partition-count"),
    Rule("psum-tile-bank", "nl.ndarray", "nki.language.tile_size (psum_bank_fmax_bytes)",
         "a PSUM tile fits one 2 KiB bank per partition and does not cross into the next", "psum-tile"),
)}


def report(rule_id, message, stack, severity="error", once_key=None):
    """A violation of one rule, located at the user's call."""
    rule = RULES[rule_id]
    state.recorder().note(severity, rule.code, f"{message} ({rule.source})", stack, once_key=once_key)


# --- the checks of the current API's nisa calls ------------------------------

def _partitions(v):
    return v.shape[0] if v.shape else 1


def _per_partition(v):
    return v.size // max(1, _partitions(v))


def _buffer(v):
    return v._t.buffer


def _in_hbm(v):
    return not v._t.on_chip


def _views(a, *names):
    return [a[n] for n in names if isinstance(a.get(n), View)]


def _dma_copy(a):
    dst, src = a.get("dst"), a.get("src")
    if isinstance(dst, View) and isinstance(src, View):
        if dst.size != src.size:
            yield "dma-elements", (f"nisa.dma_copy: the destination has {dst.size} elements ({list(dst.shape)}) "
                                   f"and the source {src.size} ({list(src.shape)}); they must be equal")
    for v in _views(a, "dst", "src"):
        if _buffer(v) == "psum":
            yield "dma-memory", f"nisa.dma_copy: '{v.name}' is in PSUM; a DMA copies between HBM and SBUF"


_FLOAT32 = ("float32", "tfloat32")


def _nc_matmul(a):
    dst, stat, mov = a.get("dst"), a.get("stationary"), a.get("moving")
    for name, v in (("stationary", stat), ("moving", mov)):
        if isinstance(v, View) and _buffer(v) != "sbuf":
            yield "matmul-memory", f"nisa.nc_matmul reads {name} from SBUF; '{v.name}' is in {_buffer(v)}"
    if isinstance(dst, View):
        if _buffer(dst) != "psum":
            yield "matmul-memory", f"nisa.nc_matmul writes its result to PSUM; '{dst.name}' is in {_buffer(dst)}"
        elif str(dst.dtype) == "bfloat16":
            yield "matmul-dst-dtype", (f"nisa.nc_matmul into the bfloat16 PSUM tile '{dst.name}': only "
                                       "NeuronCore-v4 accepts bfloat16; v2/v3 accumulate in float32"), "warning"
        elif str(dst.dtype) not in ("float32", "int32"):
            yield "matmul-dst-dtype", (f"nisa.nc_matmul accumulates in float32; its PSUM destination "
                                       f"'{dst.name}' is {dst.dtype}")
    if not (isinstance(stat, View) and isinstance(mov, View)):
        return
    if (str(stat.dtype) in _FLOAT32) != (str(mov.dtype) in _FLOAT32):
        yield "matmul-input-dtype", (f"nisa.nc_matmul: stationary is {stat.dtype} and moving {mov.dtype}; "
                                     "a float32 operand needs a float32 partner")
    if _partitions(stat) != _partitions(mov) or _partitions(stat) > 128:
        yield "matmul-partitions", (f"nisa.nc_matmul: stationary spans {_partitions(stat)} partitions and moving "
                                    f"{_partitions(mov)}; they must be equal and at most 128")
    if _per_partition(stat) > 128:
        yield "matmul-stationary-free", f"nisa.nc_matmul: stationary's free size is {_per_partition(stat)}, over 128"
    if _per_partition(mov) > 512:
        yield "matmul-moving-free", f"nisa.nc_matmul: moving's free size is {_per_partition(mov)}, over 512"
    if isinstance(dst, View) and (_per_partition(stat) != _partitions(dst) or _per_partition(mov) != _per_partition(dst)):
        yield "matmul-layout", (f"nisa.nc_matmul: stationary {list(stat.shape)} and moving {list(mov.shape)} make a "
                                f"[{_per_partition(stat)}, {_per_partition(mov)}] result; dst is {list(dst.shape)}")


def _activation(op):
    def check(a):
        bias = a.get("bias")
        if isinstance(bias, View) and _per_partition(bias) != 1:
            yield "activation-bias", (f"nisa.{op}: the bias must have a free size of 1 (one value per partition), "
                                      f"not {list(bias.shape)}")
        dst, data = a.get("dst"), a.get("data")
        if isinstance(dst, View) and isinstance(data, View) and (
                _partitions(dst) != _partitions(data) or _per_partition(dst) != _per_partition(data)):
            yield "activation-tile", f"nisa.{op}: data is {list(data.shape)} and dst {list(dst.shape)}"

    return check


def _same_tile(rule, op, first, second):
    def check(a):
        x, y = a.get(first), a.get(second)
        if isinstance(x, View) and isinstance(y, View) and (
                _partitions(x) != _partitions(y) or _per_partition(x) != _per_partition(y)):
            yield rule, f"nisa.{op}: {first} is {list(x.shape)} and {second} {list(y.shape)}"

    return check


def _tensor_tensor(a):
    d1, d2 = a.get("data1"), a.get("data2")
    if isinstance(d1, View) and isinstance(d2, View) and _buffer(d1) == "psum" and _buffer(d2) == "psum":
        yield "tensor-tensor-psum", f"nisa.tensor_tensor: '{d1.name}' and '{d2.name}' are both in PSUM"
    yield from _same_tile("tensor-tensor-tile", "tensor_tensor", "data1", "data2")(a)


def _tensor_reduce(a):
    data, dst, axis = a.get("data"), a.get("dst"), a.get("axis")
    if isinstance(data, View):
        axes = list(axis) if isinstance(axis, (tuple, list)) else [axis]
        ndim = len(data.shape)
        ints = all(isinstance(x, int) for x in axes)
        if not ints or any(x < 1 or x >= ndim for x in axes) or sorted(axes) != list(range(ndim - len(axes), ndim)):
            yield "tensor-reduce-axis", (f"nisa.tensor_reduce: axis={axis!r} over the {ndim}-dimensional "
                                         f"'{data.name}'; name the last free dimensions, e.g. axis={ndim - 1}")
        if isinstance(dst, View) and (_partitions(dst) != _partitions(data) or _partitions(data) > 128):
            yield "tensor-reduce-tile", f"nisa.tensor_reduce: data is {list(data.shape)} and dst {list(dst.shape)}"


CHECKS = {
    "dma_copy": _dma_copy,
    "nc_matmul": _nc_matmul,
    "activation": _activation("activation"),
    "activation_reduce": _activation("activation_reduce"),
    "tensor_tensor": _tensor_tensor,
    "tensor_copy": _same_tile("tensor-copy-tile", "tensor_copy", "dst", "src"),
    "tensor_reduce": _tensor_reduce,
}

# Data movement and synchronisation: HBM operands are theirs to touch.
_NOT_COMPUTE = ("dma_copy", "dma_transpose", "dma_compute", "core_barrier")


def check(op, a, engine, frame):
    """Runs the rules of nisa.`op` over its given arguments `a`; `frame` is
    the call's, for the location."""
    found = list(CHECKS[op](a)) if op in CHECKS else []
    if op not in _NOT_COMPUTE:
        views = [v for v in a.values() if isinstance(v, View)]
        if engine == "gpsimd":
            found += [("gpsimd-psum", f"nisa.{op} on the GpSimd Engine touches '{v.name}' in PSUM")
                      for v in views if _buffer(v) == "psum"]
        found += [("compute-on-chip", f"nisa.{op} reads or writes '{v.name}' in HBM; compute instructions work on "
                   "SBUF and PSUM tiles") for v in views if _in_hbm(v)]
    if found:
        stack = state.recorder().user_stack(frame)
        for rule_id, message, *severity in found:
            report(rule_id, message, stack, severity=severity[0] if severity else "error")


def table_markdown():
    lines = ["# The NKI contracts the stand-in checks", "",
             "Generated by `python3 -m _nki_standin.contracts` (run in resources/nki); "
             "the table lives in _nki_standin/contracts.py.", "",
             "| Rule | Calls | Requires | Source |", "|---|---|---|---|"]
    lines += [f"| {r.id} | {r.calls} | {r.requires} | {r.source} |" for r in RULES.values()]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(table_markdown())
