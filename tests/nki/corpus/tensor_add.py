"""Element-wise add of two [256, 512] tensors in 128-row tiles (current API)."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def tensor_add(a, b):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    rows, cols = a.shape
    for i in range(rows // nl.tile_size.pmax):
        a_tile = nl.ndarray((128, cols), dtype=a.dtype, buffer=nl.sbuf)
        b_tile = nl.ndarray((128, cols), dtype=b.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=a_tile, src=a[i * 128:(i + 1) * 128, :])
        nisa.dma_copy(dst=b_tile, src=b[i * 128:(i + 1) * 128, :])
        sum_tile = nl.ndarray((128, cols), dtype=a.dtype, buffer=nl.sbuf)
        nisa.tensor_tensor(dst=sum_tile, data1=a_tile, data2=b_tile, op=nl.add)
        nisa.dma_copy(dst=out[i * 128:(i + 1) * 128, :], src=sum_tile)
    return out
