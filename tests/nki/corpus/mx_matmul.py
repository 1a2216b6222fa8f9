"""Microscaling matmul for NeuronCore-v4 (trn3), split over two cores: each core
quantizes its [128, 512] bf16 operands to packed FP8 with one scale per
8 x 4 group (quantize_mx), multiplies them with nc_matmul_mx into PSUM,
writes its half of the shared result, and both meet at a core barrier."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def mx_matmul(stationary, moving):
    k, m = stationary.shape
    _, n = moving.shape
    out = nl.ndarray((m, n), dtype=nl.float32, buffer=nl.shared_hbm)
    core = nl.program_id(0)

    s_bf = nl.ndarray((k, m), dtype=nl.bfloat16, buffer=nl.sbuf)
    m_bf = nl.ndarray((k, n), dtype=nl.bfloat16, buffer=nl.sbuf)
    nisa.dma_copy(dst=s_bf, src=stationary)
    nisa.dma_copy(dst=m_bf, src=moving)
    s_q = nl.ndarray((k, m // 4), dtype=nl.float8_e4m3fn_x4, buffer=nl.sbuf)
    s_scale = nl.ndarray((k // 8, m // 4), dtype=nl.uint8, buffer=nl.sbuf)
    nisa.quantize_mx(dst=s_q, src=s_bf, dst_scale=s_scale)
    m_q = nl.ndarray((k, n // 4), dtype=nl.float8_e4m3fn_x4, buffer=nl.sbuf)
    m_scale = nl.ndarray((k // 8, n // 4), dtype=nl.uint8, buffer=nl.sbuf)
    nisa.quantize_mx(dst=m_q, src=m_bf, dst_scale=m_scale)

    half = n // 2
    acc = nl.ndarray((m, half), dtype=nl.float32, buffer=nl.psum)
    nisa.nc_matmul_mx(dst=acc, stationary=s_q, moving=m_q[:, core * (half // 4):(core + 1) * (half // 4)],
                      stationary_scale=s_scale, moving_scale=m_scale[:, core * (half // 4):(core + 1) * (half // 4)])
    res = nl.ndarray((m, half), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_copy(dst=res, src=acc)
    nisa.dma_copy(dst=out[:, core * half:(core + 1) * half], src=res)
    nisa.core_barrier(data=out, cores=(0, 1))
    return out
