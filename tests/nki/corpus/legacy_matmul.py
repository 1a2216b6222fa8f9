"""Legacy matmul: nl.zeros PSUM accumulator, `+=` of nl.matmul over K tiles, mgrid indices."""
import neuronxcc.nki as nki
import neuronxcc.nki.language as nl


@nki.jit
def legacy_matmul(a_t, b):
    K, M = a_t.shape
    N = b.shape[1]
    out = nl.ndarray((M, N), dtype=nl.float32, buffer=nl.shared_hbm)
    i_k, i_m = nl.mgrid[0:128, 0:128]
    i = nl.mgrid[0:128, 0:512]
    res_psum = nl.zeros((128, 512), nl.float32, buffer=nl.psum)
    for k in nl.affine_range(K // 128):
        lhs = nl.load(a_t[k * 128 + i_k, i_m])
        rhs = nl.load(b[k * 128 + i.p, i.x])
        res_psum += nl.matmul(lhs, rhs, transpose_x=True)
    res = nl.copy(res_psum, dtype=nl.float32)
    nl.store(out[i.p, i.x], value=res)
    return out
