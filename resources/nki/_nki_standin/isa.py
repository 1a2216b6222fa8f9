"""nki.isa (current API): every instruction takes its destination first and
is one INSTRUCTION record. A table gives each its parameters, destination
parameters and engine; a few calls add the checks of their documented
contract."""

import enum
import math
import sys

from . import contracts, instructions, state
from .view import View


class engine(enum.Enum):
    tensor = 1
    vector = 5
    scalar = 2
    gpsimd = 3
    dma = 4
    sync = 6
    unknown = 0


class reduce_cmd(enum.Enum):
    idle = 0
    reset = 1
    reduce = 2
    reset_reduce = 3
    load_reduce = 4


class dge_mode(enum.Enum):
    unknown = 0
    swdge = 1
    hwdge = 2
    none = 3


class oob_mode(enum.Enum):
    error = 0
    skip = 1


class matmul_perf_mode(enum.Enum):
    none = "none"
    double_row = "double_row"


class nc_version(enum.Enum):
    gen2 = 2
    gen3 = 3
    gen4 = 4


class dma_engine(enum.Enum):
    dma = 1
    gpsimd_dma = 2


ENGINE_NAMES = {engine.tensor: "pe", engine.vector: "dve", engine.scalar: "act", engine.gpsimd: "gpsimd",
                engine.dma: "dma"}

# name: (engine, parameters, destination parameters)
TABLE = {
    "dma_copy": ("dma", "dst, src, priority=None, oob_mode=None, dge_mode=None, engine=None, name=None", "dst"),
    "dma_transpose": ("dma", "dst, src, axes=None, priority=None, dge_mode=None, oob_mode=None, name=None", "dst"),
    "dma_compute": ("dma", "dst, srcs, reduce_op, scales=None, unique_indices=True, oob_mode=None, name=None", "dst"),
    "tensor_copy": (None, "dst, src, engine=None, name=None", "dst"),
    "memset": (None, "dst, value, engine=None, name=None", "dst"),
    "tensor_copy_predicated": (None, "dst, src, predicate, reverse_pred=False, name=None", "dst"),
    "nc_matmul": ("pe", "dst, stationary, moving, is_stationary_onezero=False, is_moving_onezero=False, "
                  "is_transpose=False, accumulate=None, tile_position=(), tile_size=(), perf_mode=None, name=None", "dst"),
    "nc_matmul_mx": ("pe", "dst, stationary, moving, stationary_scale, moving_scale, tile_position=None, "
                     "tile_size=None, accumulate=None, name=None", "dst"),
    "nc_transpose": ("pe", "dst, data, engine=None, name=None", "dst"),
    "tensor_tensor": (None, "dst, data1, data2, op, engine=None, name=None", "dst"),
    "tensor_scalar": (None, "dst, data, op0, operand0, reverse0=False, op1=None, operand1=None, reverse1=False, "
                      "engine=None, name=None", "dst"),
    "tensor_reduce": ("dve", "dst, op, data, axis, negate=False, keepdims=False, name=None", "dst"),
    "tensor_partition_reduce": ("gpsimd", "dst, op, data, name=None", "dst"),
    "tensor_scalar_cumulative": ("dve", "dst, src, op0, op1, imm0, imm1=None, reduce_cmd=None, name=None", "dst"),
    "activation": ("act", "dst, op, data, bias=None, scale=1.0, reduce_op=None, reduce_res=None, reduce_cmd=None, "
                   "name=None", "dst reduce_res"),
    "activation_reduce": ("act", "dst, op, data, reduce_op, reduce_res, bias=None, scale=1.0, name=None",
                          "dst reduce_res"),
    "activate2": ("act", "dst, op, data, imm0, imm1, op0, op1, relu_param=0.0, reverse0=False, reverse1=False, "
                  "reduce_op=None, reduce_res=None, reduce_cmd=None, name=None", "dst reduce_res"),
    "iota": ("gpsimd", "dst, pattern, offset=0, channel_multiplier=0, name=None", "dst"),
    "affine_select": ("gpsimd", "dst, pattern, channel_multiplier, on_true_tile, on_false_value, cmp_op=None, "
                      "offset=0, name=None", "dst"),
    "local_gather": ("gpsimd", "dst, src_buffer, index, num_elem_per_idx=1, num_valid_indices=None, name=None", "dst"),
    "nc_n_gather": ("gpsimd", "dst, data, indices, name=None", "dst"),
    "bn_stats": ("dve", "dst, data, name=None", "dst"),
    "bn_aggr": ("dve", "dst, data, name=None", "dst"),
    "tensor_tensor_scan": ("dve", "dst, data0, data1, initial, op0, op1, reverse0=False, reverse1=False, name=None",
                           "dst"),
    "nc_stream_shuffle": ("dve", "dst, src, shuffle_mask, name=None", "dst"),
    "rng": ("dve", "dst, engine=None, name=None", "dst"),
    "dropout": ("dve", "dst, data, prob, name=None", "dst"),
    "rand2": ("dve", "dst, min, max, name=None", "dst"),
    "rand_get_state": ("gpsimd", "dst, engine=None, name=None", "dst"),
    "rand_set_state": ("gpsimd", "src_seeds, engine=None, name=None", ""),
    "set_rng_seed": ("dve", "src_seeds, name=None", ""),
    "exponential": ("act", "dst, src, max_value=0.0, reduce_res=None, reduce_cmd=None, reduce_init=0.0, name=None",
                    "dst reduce_res"),
    "reciprocal": ("dve", "dst, data, name=None", "dst"),
    "max8": ("dve", "dst, src, name=None", "dst"),
    "nc_find_index8": ("dve", "dst, data, vals, name=None", "dst"),
    "nc_match_replace8": ("dve", "dst, data, vals, imm, dst_idx=None, name=None", "dst dst_idx"),
    "sequence_bounds": ("gpsimd", "dst, segment_ids, name=None", "dst"),
    "scalar_tensor_tensor": ("dve", "dst, data, op0, operand0, op1, operand1, reverse0=False, reverse1=False, "
                             "name=None", "dst"),
    "tensor_scalar_reduce": ("dve", "dst, data, op0, operand0, reduce_op, reduce_res=None, reverse0=False, "
                             "reduce_cmd=None, reduce_init=None, reduce_res_negate=False, name=None", "dst reduce_res"),
    "select": ("dve", "dst, predicate, on_true, on_false, name=None", "dst"),
    "select_reduce": ("dve", "dst, predicate, on_true, on_false, reduce_res=None, reduce_cmd=None, reduce_op=None, "
                      "reverse_pred=False, name=None", "dst reduce_res"),
    "range_select": ("dve", "dst, on_true_tile, comp_op0, comp_op1, bound0, bound1, reduce_cmd=None, reduce_res=None, "
                     "reduce_op=None, range_start=0, on_false_value=None, name=None", "dst reduce_res"),
    "quantize_mx": ("dve", "dst, src, dst_scale, name=None", "dst dst_scale"),
    "nonzero_with_count": ("gpsimd", "dst, src, index_offset=0, padding_val=-1, name=None", "dst"),
    "topk": ("dve", "val_dst, idx_dst, src, n, name=None", "val_dst idx_dst"),
    "core_barrier": ("gpsimd", "data, cores, engine=None, name=None", ""),
}


def _engine_of(default, value):
    if isinstance(value, engine):
        return ENGINE_NAMES.get(value, default)
    return default


def _parameters(params):
    """(name, default source or None) of each parameter of a list like "dst, src, priority=None"."""
    out, depth, part = [], 0, ""
    for ch in params + ",":
        depth += (ch in "([{") - (ch in ")]}")
        if ch == "," and depth == 0:
            name, eq, default = part.partition("=")
            out.append((name.strip(), default.strip() if eq else None))
            part = ""
        else:
            part += ch
    return out


class _Default:
    """A parameter's default in the generated functions: tells "not passed" from
    an explicit value, and shows as the documented default in a signature."""

    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


def _public_functions(table, impls):
    """One function per instruction with its documented parameters, handing its
    arguments to impls[op]: Python's own argument binding (and its messages).
    All compiled at once, without inspect."""
    scope = {"__name__": __name__}
    lines = []
    for op, (_, params, _) in table.items():
        scope[f"_impl_{op}"] = impls[op]
        heads = []
        for i, (name, default) in enumerate(_parameters(params)):
            if default is None:
                heads.append(name)
            else:
                marker = f"_d_{op}_{i}"
                scope[marker] = _Default(default)
                heads.append(f"{name}={marker}")
        lines.append(f"def {op}({', '.join(heads)}):\n    return _impl_{op}(locals())\n")
    exec(compile("\n".join(lines), "<nki.isa>", "exec"), scope)
    return {op: scope[op] for op in table}


def dst_elements(view):
    return view.size


def _make(op, spec):
    default_engine, _, dsts = spec
    dst_names = dsts.split()

    name_of_op = "nisa." + op
    is_matmul = op in ("nc_matmul", "nc_matmul_mx")

    def call(arguments):
        writes, reads, scalars, operands = [], [], {}, {}
        given = {}
        for name, value in arguments.items():
            if value.__class__ is _Default:
                continue  # not passed
            given[name] = value
            if isinstance(value, View):
                views = [value]
            elif isinstance(value, (list, tuple)):
                views = [v for v in value if isinstance(v, View)]
            else:
                views = None
            if name in dst_names:
                if views:
                    operands[name] = {"write": len(writes), "count": len(views)}
                    writes += views
            elif views:
                operands[name] = {"read": len(reads), "count": len(views)}
                reads += views
            elif name != "name" and value is not None:
                scalars[name] = value
        eng = _engine_of(default_engine, given.get("engine"))
        contracts.check(op, given, eng, sys._getframe(1))
        matmul = None
        if is_matmul:
            matmul = given.get("accumulate")
        if op == "nc_transpose" and eng == "pe":
            matmul = False
        instructions.record(name_of_op, eng, writes, reads, scalars, matmul=matmul, operands=operands)
        return writes[0] if writes else None

    return call


globals().update(_public_functions(TABLE, {_op: _make(_op, _spec) for _op, _spec in TABLE.items()}))


def get_nc_version():
    return nc_version.gen3


def get_nc_sub_version():
    return 0


def _public():
    import types
    hidden = {"View", "ParDim", "BUFFER_OBJECTS", "TABLE", "ENGINE_NAMES", "dst_elements"}
    return [n for n, v in globals().items()
            if not n.startswith("_") and n not in hidden and not isinstance(v, types.ModuleType)]


__all__ = _public()
