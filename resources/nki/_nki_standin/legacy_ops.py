"""The value-returning nl.* compute calls (and legacy nisa.*): each is one
instruction whose result is an implicit tile (PSUM for a matmul, SBUF
otherwise); `dst[...] = value` and `dst += value` retarget it."""

import sys

from .lazynp import np

from . import dtypes, instructions, state, tensors
from .view import View


def _shape(value):
    return value.shape if isinstance(value, View) else ()


def broadcast_shape(operands):
    shapes = [_shape(v) for v in operands if isinstance(v, View)]
    try:
        return tuple(np.broadcast_shapes(*shapes)) if shapes else (1, 1)
    except ValueError:
        raise ValueError("operand shapes " + " and ".join(str(list(s)) for s in shapes) + " do not broadcast")


def implicit(shape, dtype, buffer, created_by, name=None):
    frame = sys._getframe(2)
    while frame is not None and not state.is_user_file(frame.f_code.co_filename):
        frame = frame.f_back
    shape = tuple(int(s) for s in shape) or (1, 1)
    if len(shape) == 1:
        shape = shape + (1,)
    return tensors.new_tensor(shape, dtype, buffer, "implicit", created_by, name=name, frame=frame)


def _first_dtype(operands):
    for v in operands:
        if isinstance(v, View):
            return v.dtype
    return dtypes.ALL["float32"]


def compute(op, engine, operands, shape, dtype=None, buffer="sbuf", args=None, mask=None, matmul=None, name=None):
    """Records `op` reading `operands` into a fresh implicit tile and returns it."""
    dtype = dtypes.resolve(dtype) if dtype is not None else _first_dtype(operands)
    out = implicit(shape, dtype, buffer, op, name)
    instructions.record(op, engine, [out], list(operands), args, mask=mask, matmul=matmul)
    state.program().last_result = out._t
    return out


def elementwise(fn_name, operands, dtype=None, mask=None, engine=None, **args):
    shape = broadcast_shape(operands)
    scalars = {f"operand{i}": v for i, v in enumerate(operands) if not isinstance(v, View)}
    scalars.update(args)
    return compute("nl." + fn_name, engine, operands, shape, dtype, args=scalars, mask=mask)


def assign(dst, value, how):
    """`dst[...] = value` (how "=") or `dst += value` ("+=", ...), legacy style."""
    prog = state.program()
    last = prog.instructions[-1] if prog.instructions else None
    fresh = getattr(prog, "last_result", None)
    if (isinstance(value, View) and fresh is not None and value._t is fresh and fresh.kind == "implicit"
            and fresh.id == len(prog.tensors) - 1 and last is not None and last["writes"]
            and last["writes"][0]["tensor"] == fresh.id and value._dims == instructions_full(fresh)):
        # The instruction that made the value writes straight into dst.
        prog.tensors.pop()
        prog.last_result = None
        w_accesses, mask = prog.last_accesses
        target = instructions.Access(dst, mask)
        is_matmul = last["op"] in ("nl.matmul", "nisa.nc_matmul")
        if how != "=":
            accumulate = True
            if is_matmul and target.tensor.matmul_written is not None:
                # `psum += matmul`: the compiler starts the accumulation group with an overwrite.
                accumulate = target.all_set(target.tensor.matmul_written) == 0
            if accumulate:
                reader = instructions.Access(dst, mask)
                instructions._check_read(state.recorder(), reader, last["op"], last["stack"])
                last["reads"].append(reader.to_json())
            last["args"]["accumulate"] = accumulate
        if target.tensor.written is not None:
            target.set(target.tensor.written, True)
        if target.tensor.matmul_written is not None:
            target.set(target.tensor.matmul_written, is_matmul)
        last["writes"][0] = target.to_json()
        return
    if isinstance(value, View) and value._t is dst._t and value._dims == dst._dims and value._offset == dst._offset:
        return  # `t[i] += x` stores back the view __iadd__ already wrote
    reads = [value] + ([dst] if how != "=" else [])
    instructions.record(how, None, [dst], reads, {} if isinstance(value, View) else {"value": value})


def instructions_full(t):
    from . import access
    return access.natural_dims(t.storage_shape)


def load(src, mask=None, dtype=None, **_):
    return compute("nl.load", "dma", [src], src.shape, dtype or src.dtype, mask=mask)


def store(dst, value, mask=None, **_):
    instructions.record("nl.store", "dma", [dst], [value], mask=mask)


def matmul(x, y, transpose_x=False, mask=None, **_):
    m = x.shape[-1] if transpose_x else x.shape[0]
    return compute("nl.matmul", "pe", [x, y], (m, y.shape[-1]), "float32", buffer="psum",
                   args={"transpose_x": transpose_x}, mask=mask, matmul=False)


def reduce(fn_name, x, axis, dtype=None, keepdims=False, mask=None, **_):
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    axes = tuple(a % len(x.shape) for a in axes)
    shape = tuple((1 if i in axes else n) for i, n in enumerate(x.shape) if keepdims or i not in axes or i == 0)
    return compute("nl." + fn_name, None, [x], shape or (1, 1), dtype, args={"axis": list(axes)}, mask=mask)


def transpose(x, dtype=None, mask=None, **_):
    return compute("nl.transpose", "pe", [x], tuple(reversed(x.shape)), dtype, mask=mask)
