# Reference test test_codegen_nki.py::test_nki_matmul_1 (TILE_M=128, TILE_K=128, TILE_N=512, K=1024, M=4096,
# N=2048, TILES_IN_BLOCK_M=16, TILES_IN_BLOCK_N=1, TILES_IN_BLOCK_K=8): unit loops vanish, later loops get m_1, i_5, ...
from tvm.script import tirx as T

@T.prim_func
def func(lhsT: T.Tensor((1024, 4096), "float16"), rhs: T.Tensor((1024, 2048), "float16"), result: T.Tensor((4096, 2048), "float16")):
    T.func_attr({"num_inputs": 2})
    result_tiles = T.alloc_tensor((128, 2, 16, 1, 512), "float32", scope="trn.sbuf")
    rhs_tiles = T.alloc_tensor((128, 8, 512), "float16", scope="trn.sbuf")
    lhsT_tiles = T.alloc_tensor((128, 8, 2048), "float16", scope="trn.sbuf")
    res_tile = T.alloc_tensor((1, 128, 512), "float32", scope="trn.psum")
    result_packed = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    for n in range(4):
        with T.nki.tensorized_instruction():
            for i0 in range(128):
                for i1 in range(2):
                    for i2 in range(16):
                        for i3 in range(1):
                            for i4 in range(512):
                                T.nki.memset(result_tiles[i0, i1, i2, i3, i4], T.float32(0.0))
        for k in range(1):
            for bk_r in range(8):
                with T.nki.tensorized_instruction():
                    for i in range(128):
                        for j in range(512):
                            T.nki.load(rhs_tiles[i, bk_r, j], rhs[(8 * k + bk_r) * 128 + i, n * 512 + j])
            for m in range(2):
                for bk_l in range(8):
                    with T.nki.tensorized_instruction():
                        for i in range(128):
                            for j in range(2048):
                                T.nki.load(lhsT_tiles[i, bk_l, j], lhsT[(8 * k + bk_l) * 128 + i, m * 2048 + j])
                for bn in range(1):
                    for bm in range(16):
                        with T.nki.tensorized_instruction():
                            for i in range(128):
                                for j in range(512):
                                    T.nki.memset(res_tile[0, i, j], T.float32(0.0))
                        for bk in range(8):
                            with T.nki.tensorized_instruction():
                                for i in range(128):
                                    for j in range(512):
                                        for k in range(128):
                                            T.nki.matmul(res_tile[0, i, j], lhsT_tiles[k, bk, bm * 128 + i], rhs_tiles[k, bk, bn * 512 + j], 1)
                        with T.nki.tensorized_instruction():
                            for i in range(128):
                                for j in range(512):
                                    T.nki.tensortensor(result_tiles[i, m, bm, bn, j], result_tiles[i, m, bm, bn, j], res_tile[0, i, j], "add")
        for m in range(2):
            for bm in range(16):
                for bn in range(1):
                    with T.nki.tensorized_instruction():
                        for i in range(128):
                            for j in range(512):
                                T.nki.tensor_copy(result_packed[i, bn * 512 + j], result_tiles[i, m, bm, bn, j])
                with T.nki.tensorized_instruction():
                    for i in range(128):
                        for j in range(512):
                            T.nki.store(result[m * 2048 + bm * 128 + i, n * 512 + j], result_packed[i, j])
# ---- expected legacy ----
# Function: func_kernel
import neuronxcc.nki.language as nl
from neuronxcc.nki import baremetal, benchmark, simulate_kernel, trace
import numpy as np
import neuronxcc.nki.isa as nisa
import math
import neuronxcc.nki as nki
import neuronxcc.nki.typing as nt
import neuronxcc.nki.compiler as ncc
@nki.compiler.enable_stack_allocator
@nki.compiler.skip_middle_end_transformations
@baremetal(experimental_flags='enable-mutable-parameter', additional_compile_opt='--internal-skip-backend-allocation-opt-nki')
def func_kernel(lhsT_ptr, rhs_ptr, result_ptr: nt.mutable_tensor, ):
  result_ptr_buffer = result_ptr.reshape([8388608])
  rhs_ptr_buffer = rhs_ptr.reshape([2097152])
  lhsT_ptr_buffer = lhsT_ptr.reshape([4194304])
  result_tiles_ptr = nl.ndarray(shape=[128, 2, 16, 1, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  rhs_tiles_ptr = nl.ndarray(shape=[128, 8, 512], dtype=np.float16, buffer=ncc.sbuf.mod_alloc(base_addr=65536))
  lhsT_tiles_ptr = nl.ndarray(shape=[128, 8, 2048], dtype=np.float16, buffer=ncc.sbuf.mod_alloc(base_addr=73728))
  res_tile_ptr = nl.ndarray(shape=[1, nl.par_dim(128), 512], dtype=np.float32, buffer=nl.psum)
  result_packed_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=106496))
  for n in nl.sequential_range(4, body_no_reorder=True):
    i0 = nl.arange(128)
    i1 = nl.arange(2)
    i2 = nl.arange(16)
    i4 = nl.arange(512)
    result_tiles_ptr[i0[:, None, None, None, ], i1[None, :, None, None, ], i2[None, None, :, None, ], 0, i4[None, None, None, :, ]] = 0.000000e+00
    for bk_r in nl.sequential_range(8):
      i = nl.arange(128)
      j = nl.arange(512)
      rhs_tiles_ptr[i[:, None, ], bk_r, j[None, :, ]] = nl.load(rhs_ptr_buffer[((((bk_r * 262144) + (i[:, None, ] * 2048)) + (n * 512)) + j[None, :, ])])
    for m in nl.sequential_range(2):
      for bk_l in nl.sequential_range(8):
        i_1 = nl.arange(128)
        j_1 = nl.arange(2048)
        lhsT_tiles_ptr[i_1[:, None, ], bk_l, j_1[None, :, ]] = nl.load(lhsT_ptr_buffer[((((bk_l * 524288) + (i_1[:, None, ] * 4096)) + (m * 2048)) + j_1[None, :, ])])
      for bm in nl.sequential_range(16):
        i_2 = nl.arange(128)
        j_2 = nl.arange(512)
        res_tile_ptr[0, i_2[:, None, ], j_2[None, :, ]] = 0.000000e+00
        for bk in nl.sequential_range(8):
          i_3 = nl.arange(128)
          j_3 = nl.arange(512)
          k = nl.arange(128)
          res_tile_ptr[0, i_3[:, None, ], j_3[None, :, ]] += nisa.nc_matmul(lhsT_tiles_ptr[k[:, None, ], bk, ((bm * 128) + i_3[None, :, ])],rhs_tiles_ptr[k[:, None, ], bk, j_3[None, :, ]])
        i_4 = nl.arange(128)
        j_4 = nl.arange(512)
        result_tiles_ptr[i_4[:, None, ], m, bm, 0, j_4[None, :, ]] = nisa.tensor_tensor(result_tiles_ptr[i_4[:, None, ], m, bm, 0, j_4[None, :, ]], res_tile_ptr[0, i_4[:, None, ], j_4[None, :, ]], op=nki.language.add)
    for m_1 in nl.sequential_range(2):
      for bm_1 in nl.sequential_range(16):
        i_5 = nl.arange(128)
        j_5 = nl.arange(512)
        result_packed_ptr[i_5[:, None, ], j_5[None, :, ]] = nisa.tensor_copy(result_tiles_ptr[i_5[:, None, ], m_1, bm_1, 0, j_5[None, :, ]])
        i_6 = nl.arange(128)
        j_6 = nl.arange(512)
        nl.store(result_ptr_buffer[(((((m_1 * 4194304) + (bm_1 * 262144)) + (i_6[:, None, ] * 2048)) + (n * 512)) + j_6[None, :, ])], result_packed_ptr[i_6[:, None, ], j_6[None, :, ]])
  return result_ptr
# ---- expected nki ----
# Function: func_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def func_kernel(lhsT_ptr, rhs_ptr):
  result_ptr = nl.ndarray((4096, 2048), dtype=nl.float16, buffer=nl.shared_hbm)
  result_ptr_buffer = result_ptr.reshape([8388608])
  rhs_ptr_buffer = rhs_ptr.reshape([2097152])
  lhsT_ptr_buffer = lhsT_ptr.reshape([4194304])
  result_tiles_ptr = nl.ndarray((128, 2, 16, 1, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  rhs_tiles_ptr = nl.ndarray((128, 8, 512), dtype=nl.float16, buffer=nl.sbuf, address=(0, 65536))
  lhsT_tiles_ptr = nl.ndarray((128, 8, 2048), dtype=nl.float16, buffer=nl.sbuf, address=(0, 73728))
  res_tile_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum)
  result_packed_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 106496))
  for n in range(4):
    nisa.memset(dst=result_tiles_ptr.ap(pattern=[[16384, 128], [8192, 2], [512, 16], [1, 512]], offset=0), value=0.000000e+00)
    for bk_r in range(8):
      nisa.dma_copy(dst=rhs_tiles_ptr.ap(pattern=[[4096, 128], [1, 512]], offset=(bk_r * 512)), src=rhs_ptr_buffer.ap(pattern=[[2048, 128], [1, 512]], offset=((bk_r * 262144) + (n * 512))))
    for m in range(2):
      for bk_l in range(8):
        nisa.dma_copy(dst=lhsT_tiles_ptr.ap(pattern=[[16384, 128], [1, 2048]], offset=(bk_l * 2048)), src=lhsT_ptr_buffer.ap(pattern=[[4096, 128], [1, 2048]], offset=((bk_l * 524288) + (m * 2048))))
      for bm in range(16):
        for bk in range(8):
          nisa.nc_matmul(dst=res_tile_ptr, stationary=lhsT_tiles_ptr.ap(pattern=[[16384, 128], [1, 128]], offset=((bk * 2048) + (bm * 128))), moving=rhs_tiles_ptr.ap(pattern=[[4096, 128], [1, 512]], offset=(bk * 512)), accumulate=(bk > 0))
        nisa.tensor_tensor(dst=result_tiles_ptr.ap(pattern=[[16384, 128], [1, 512]], offset=((m * 8192) + (bm * 512))), data1=result_tiles_ptr.ap(pattern=[[16384, 128], [1, 512]], offset=((m * 8192) + (bm * 512))), data2=res_tile_ptr, op=nl.add)
    for m_1 in range(2):
      for bm_1 in range(16):
        nisa.tensor_copy(dst=result_packed_ptr, src=result_tiles_ptr.ap(pattern=[[16384, 128], [1, 512]], offset=((m_1 * 8192) + (bm_1 * 512))))
        nisa.dma_copy(dst=result_ptr_buffer.ap(pattern=[[2048, 128], [1, 512]], offset=(((m_1 * 4194304) + (bm_1 * 262144)) + (n * 512))), src=result_packed_ptr)
  return result_ptr
