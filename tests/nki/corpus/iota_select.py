"""A causal mask with iota and affine_select, 32-partition tiles at partition 96, float8 and packed types."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def iota_select(a):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    t = nl.ndarray((128, 128), dtype=a.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=a)
    idx = nl.ndarray((128, 128), dtype=nl.int32, buffer=nl.sbuf)
    nisa.iota(dst=idx, pattern=[[1, 128]], offset=0, channel_multiplier=-1)
    nisa.affine_select(dst=t, pattern=[[-1, 128]], channel_multiplier=1, on_true_tile=t, on_false_value=-1e9,
                       cmp_op=nl.greater_equal)
    top = nl.ndarray((32, 128), dtype=nl.float8_e4m3, buffer=nl.sbuf, address=(96, 8192))
    nisa.tensor_copy(dst=top, src=t[96:128, :])
    packed = nl.ndarray((32, 32), dtype=nl.float8_e4m3fn_x4, buffer=nl.sbuf, address=(64, 8192))
    nisa.memset(dst=packed, value=0)
    nisa.dma_copy(dst=out, src=t)
    return out
