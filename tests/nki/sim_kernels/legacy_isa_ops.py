"""Legacy neuronxcc.nki.isa calls, whose tiles the trace records in call
order: tensor_tensor, tensor_scalar with a column operand, a negated
tensor_reduce, an activation with a bias, and nc_matmul into PSUM."""
import neuronxcc.nki as nki
import neuronxcc.nki.isa as nisa
import neuronxcc.nki.language as nl


@nki.jit
def legacy_isa_ops(a, b):
    out = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.shared_hbm)
    ta = nl.load(a)
    tb = nl.load(b)
    s = nisa.tensor_tensor(ta, tb, op=nl.add)
    col = nisa.tensor_reduce(nl.maximum, s, axis=[1], negate=True)
    d = nisa.tensor_scalar(s, nl.add, col)
    e = nisa.activation(nl.exp, d, bias=col, scale=1.0)
    p = nisa.nc_matmul(ta, e)
    r = nl.copy(p, dtype=nl.float32)
    nl.store(out, value=r)
    return out
