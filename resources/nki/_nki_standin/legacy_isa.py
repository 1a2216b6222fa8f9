"""neuronxcc.nki.isa (legacy): each instruction returns its result as an
implicit tile (PSUM for the Tensor Engine's results, SBUF otherwise)."""

import sys

from . import contracts, instructions, isa, legacy_ops
from .isa import dge_mode, engine, nc_version, oob_mode, reduce_cmd  # noqa: F401
from .view import View

get_nc_version = isa.get_nc_version


def _shape_of(x):
    return x.shape if isinstance(x, View) else (1, 1)


def _eng(value, default):
    return isa.ENGINE_NAMES.get(value, default) if isinstance(value, engine) else default


def nc_matmul(stationary, moving, is_stationary_onezero=False, is_moving_onezero=False, mask=None,
              is_transpose=False, **kw):
    shape = (stationary.shape[-1], moving.shape[-1])
    return legacy_ops.compute("nisa.nc_matmul", "pe", [stationary, moving], shape, "float32", buffer="psum",
                              args={"is_transpose": is_transpose}, mask=mask, matmul=False)


def nc_transpose(data, mask=None, dtype=None, engine=engine.unknown, **kw):
    eng = _eng(engine, "pe")
    return legacy_ops.compute("nisa.nc_transpose", eng, [data], tuple(reversed(data.shape)), dtype,
                              buffer="psum" if eng == "pe" else "sbuf", mask=mask,
                              matmul=False if eng == "pe" else None)


def activation(op, data, bias=None, scale=1.0, reduce_op=None, reduce_res=None, mask=None, dtype=None, **kw):
    contracts.check("activation", {"bias": bias}, "act", sys._getframe(1))
    reads = [data] + [v for v in (bias, scale) if isinstance(v, View)]
    args = {"op": op}
    if not isinstance(scale, View):
        args["scale"] = scale
    if reduce_op is not None:
        args["reduce_op"] = reduce_op
    if "reduce_cmd" in kw:
        args["reduce_cmd"] = kw["reduce_cmd"]
    out = legacy_ops.implicit(data.shape, dtype or data.dtype, "sbuf", "nisa.activation")
    instructions.record("nisa.activation", "act", [out, reduce_res], reads, args, mask=mask)
    state_program_result(out)
    return out


def activation_reduce(op, data, reduce_op, reduce_res, bias=None, scale=1.0, mask=None, dtype=None, **kw):
    reads = [data] + [v for v in (bias, scale) if isinstance(v, View)]
    out = legacy_ops.implicit(data.shape, dtype or data.dtype, "sbuf", "nisa.activation_reduce")
    instructions.record("nisa.activation_reduce", "act", [out, reduce_res], reads,
                        {"op": op, "reduce_op": reduce_op}, mask=mask)
    state_program_result(out)
    return out


def state_program_result(out):
    """Marks `out` as the fresh result an assignment may retarget."""
    from . import state
    state.program().last_result = out._t


def tensor_scalar_reduce(data, op0, operand0, reduce_op, reduce_res, reverse0=False, dtype=None, mask=None, **kw):
    reads = [v for v in (data, operand0) if isinstance(v, View)]
    out = legacy_ops.implicit(data.shape, dtype or data.dtype, "sbuf", "nisa.tensor_scalar_reduce")
    args = {"op0": op0, "reduce_op": reduce_op, "reverse0": reverse0}
    if not isinstance(operand0, View):
        args["operand0"] = operand0
    instructions.record("nisa.tensor_scalar_reduce", "dve", [out, reduce_res], reads, args, mask=mask)
    state_program_result(out)
    return out


# Legacy engine constants.
tensor_engine = engine.tensor
vector_engine = engine.vector
scalar_engine = engine.scalar
gpsimd_engine = engine.gpsimd
unknown_engine = engine.unknown


def tensor_tensor(data1, data2, op, dtype=None, mask=None, engine=engine.unknown, **kw):
    return legacy_ops.compute("nisa.tensor_tensor", _eng(engine, None), [data1, data2],
                              legacy_ops.broadcast_shape([data1, data2]), dtype, args={"op": op}, mask=mask)


def tensor_scalar(data, op0, operand0, reverse0=False, op1=None, operand1=None, reverse1=False, dtype=None,
                  mask=None, engine=engine.unknown, **kw):
    reads = [data] + [v for v in (operand0, operand1) if isinstance(v, View)]
    args = {"op0": op0, "reverse0": reverse0}
    if not isinstance(operand0, View):
        args["operand0"] = operand0
    if op1 is not None:
        args.update({"op1": op1, "reverse1": reverse1})
        if not isinstance(operand1, View):
            args["operand1"] = operand1
    return legacy_ops.compute("nisa.tensor_scalar", _eng(engine, None), reads, data.shape, dtype, args=args, mask=mask)


def tensor_reduce(op, data, axis, mask=None, dtype=None, negate=False, keepdims=False, **kw):
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    shape = tuple(1 if i in axes else n for i, n in enumerate(data.shape))
    if not keepdims:
        shape = tuple(n for i, n in enumerate(data.shape) if i not in axes or i == 0)
    return legacy_ops.compute("nisa.tensor_reduce", "dve", [data], shape, dtype,
                              args={"op": op, "axis": list(axes), "negate": negate}, mask=mask)


def tensor_copy(src, mask=None, dtype=None, engine=engine.unknown, **kw):
    return legacy_ops.compute("nisa.tensor_copy", _eng(engine, None), [src], src.shape, dtype, mask=mask)


def memset(shape, value, dtype, mask=None, engine=engine.unknown, **kw):
    return legacy_ops.compute("nisa.memset", _eng(engine, None), [], shape, dtype, args={"value": value}, mask=mask)


def iota(expr, dtype, mask=None, **kw):
    shape = getattr(expr, "shape", None) or (1, 1)
    return legacy_ops.compute("nisa.iota", "gpsimd", [], shape, dtype, mask=mask)


def reciprocal(data, dtype=None, mask=None, **kw):
    return legacy_ops.compute("nisa.reciprocal", "dve", [data], data.shape, dtype, mask=mask)


def dma_copy(dst=None, src=None, mask=None, dge_mode=None, **kw):
    isa.dma_copy(dst, src)


def dma_transpose(src, axes=None, mask=None, dtype=None, **kw):
    return legacy_ops.compute("nisa.dma_transpose", "dma", [src], tuple(reversed(src.shape)), dtype, mask=mask)


def affine_select(pred, on_true_tile, on_false_value, mask=None, dtype=None, **kw):
    return legacy_ops.compute("nisa.affine_select", "gpsimd", [on_true_tile], on_true_tile.shape, dtype,
                              args={"on_false_value": on_false_value}, mask=mask)


def select(pred, on_true, on_false, mask=None, dtype=None, **kw):
    reads = [v for v in (pred, on_true, on_false) if isinstance(v, View)]
    return legacy_ops.compute("nisa.select", "dve", reads, legacy_ops.broadcast_shape(reads), dtype, mask=mask)


def scalar_tensor_tensor(data, op0, operand0, op1, operand1, reverse0=False, reverse1=False, dtype=None,
                         mask=None, **kw):
    reads = [v for v in (data, operand0, operand1) if isinstance(v, View)]
    return legacy_ops.compute("nisa.scalar_tensor_tensor", "dve", reads, data.shape, dtype,
                              args={"op0": op0, "op1": op1}, mask=mask)


def tensor_tensor_scan(data0, data1, initial, op0, op1, reverse0=False, reverse1=False, dtype=None, mask=None, **kw):
    reads = [v for v in (data0, data1, initial) if isinstance(v, View)]
    return legacy_ops.compute("nisa.tensor_tensor_scan", "dve", reads, data0.shape, dtype,
                              args={"op0": op0, "op1": op1}, mask=mask)


def nc_stream_shuffle(src, dst, shuffle_mask, dtype=None, mask=None, **kw):
    instructions.record("nisa.nc_stream_shuffle", "dve", [dst], [src], {"shuffle_mask": list(shuffle_mask)}, mask=mask)


def bn_stats(data, mask=None, dtype=None, **kw):
    return legacy_ops.compute("nisa.bn_stats", "dve", [data], (data.shape[0], 6), dtype, mask=mask)


def bn_aggr(data, mask=None, dtype=None, **kw):
    return legacy_ops.compute("nisa.bn_aggr", "dve", [data], (data.shape[0], 2), dtype, mask=mask)


__all__ = [n for n in list(globals()) if not n.startswith("_") and n not in ("instructions", "isa", "legacy_ops", "View")]
