"""Legacy API, one call of each value-returning nl.* compute function on a
[128, 256] tile: every activation, every ALU operator, every reduction, and
the creation, shape and selection helpers. Each call makes an implicit tile."""
import neuronxcc.nki as nki
import neuronxcc.nki.language as nl
import numpy as np

ACTIVATIONS = (nl.exp, nl.log, nl.sqrt, nl.rsqrt, nl.tanh, nl.sigmoid, nl.relu, nl.gelu, nl.gelu_apprx_sigmoid,
               nl.gelu_apprx_tanh, nl.gelu_dx, nl.gelu_apprx_sigmoid_dx, nl.silu, nl.silu_dx, nl.softplus, nl.mish,
               nl.erf, nl.erf_dx, nl.reciprocal, nl.sin, nl.cos, nl.tan, nl.arctan, nl.ceil, nl.floor, nl.trunc,
               nl.negative, nl.sign, nl.abs, nl.square, nl.prelu, nl.identity)
OPERATORS = (nl.add, nl.subtract, nl.multiply, nl.divide, nl.maximum, nl.minimum, nl.abs_max, nl.abs_min,
             nl.power, nl.equal, nl.not_equal, nl.less, nl.less_equal, nl.greater, nl.greater_equal,
             nl.fmod, nl.mod, nl.average, nl.logical_and, nl.logical_or, nl.logical_xor)
BITWISE = (nl.bitwise_and, nl.bitwise_or, nl.bitwise_xor, nl.left_shift, nl.right_shift)
REDUCTIONS = (nl.sum, nl.max, nl.min, nl.mean, nl.prod, nl.var, nl.all)


@nki.jit
def legacy_op_zoo(x, y, bits):
    out = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    a = nl.load(x)
    b = nl.load(y)
    k = nl.load(bits)
    acc = nl.zeros(x.shape, dtype=nl.float32, buffer=nl.sbuf)
    for f in nl.static_range(len(ACTIVATIONS)):
        acc = nl.add(acc, ACTIVATIONS[f](a))
    for f in nl.static_range(len(OPERATORS)):
        acc = nl.add(acc, OPERATORS[f](a, b, dtype=nl.float32))
    for f in nl.static_range(len(BITWISE)):
        k = BITWISE[f](k, k)
    k = nl.invert(k)
    flags = nl.logical_not(nl.greater(a, b))
    picked = nl.where(flags, a, b)
    kept = nl.bypass(picked)
    mean_ish = nl.copy(kept)
    for r in nl.static_range(len(REDUCTIONS)):
        row = REDUCTIONS[r](acc, axis=1, keepdims=True)
        acc = nl.add(acc, nl.broadcast_to(row, shape=x.shape))
    ones = nl.ones(x.shape, dtype=nl.float32, buffer=nl.sbuf)
    halves = nl.full(x.shape, 0.5, dtype=nl.float32, buffer=nl.sbuf)
    like = nl.zeros_like(ones)
    spare = nl.empty_like(halves)
    spare[...] = nl.add(like, halves)
    probs = nl.softmax(acc, axis=1)
    col = nl.sum(probs, axis=1, keepdims=True)
    stacked = nl.expand_dims(col, 2)
    square = nl.transpose(nl.load(x[:, 0:128]))
    flipped = nl.load_transpose2d(y[:, 0:128])
    ident = nl.shared_identity_matrix(128, dtype=nl.float32)
    ramp = nl.load(nl.shared_constant(np.arange(128 * 256, dtype=np.float32).reshape(128, 256)))
    assert nl.is_hbm(out.buffer) and nl.is_sbuf(ramp.buffer) and nl.is_on_chip(ramp.buffer)
    assert not nl.is_psum(ramp.buffer)
    with nl.no_reorder():
        nl.store(out, nl.add(probs, nl.add(mean_ish, nl.add(spare, nl.add(ramp, col)))))
    return out
