"""Row softmax: tensor_reduce max, activation exp with a negated-max bias and a sum reduction, reciprocal."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def softmax_rows(x):
    out = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    t = nl.ndarray((128, 512), dtype=x.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=x)
    neg_max = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_reduce(dst=neg_max, op=nl.maximum, data=t, axis=1, negate=True)
    e = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
    total = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.activation_reduce(dst=e, op=nl.exp, data=t, reduce_op=nl.add, reduce_res=total, bias=neg_max)
    inv = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.reciprocal(dst=inv, data=total)
    nisa.tensor_scalar(dst=e, data=e, op0=nl.multiply, operand0=inv)
    nisa.dma_copy(dst=out, src=e)
    return out
