"""Legacy API: a [200, 300] add in 128-partition tiles, the last tile
masked with an index-grid comparison."""
import neuronxcc.nki as nki
import neuronxcc.nki.language as nl


@nki.jit
def legacy_add_masked(a, b):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    rows, cols = a.shape
    i_p = nl.arange(128)[:, None]
    i_f = nl.arange(cols)[None, :]
    for t in nl.affine_range((rows + 127) // 128):
        rows_left = i_p + t * 128 < rows
        a_tile = nl.load(a[t * 128 + i_p, i_f], mask=rows_left)
        b_tile = nl.load(b[t * 128 + i_p, i_f], mask=rows_left)
        total = nl.add(a_tile, b_tile, mask=rows_left)
        nl.store(out[t * 128 + i_p, i_f], value=total, mask=rows_left)
    return out
