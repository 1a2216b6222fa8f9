# A k-loop accumulation cleared by copying a zeroed SBUF tile into PSUM, as matmul_psum.py lowers: the current API
# drops the copy and starts the group with the first matmul (accumulate=(k > 0)); the legacy text keeps both.
from tvm.script import tirx as T

@T.prim_func
def acc_k(L: T.Tensor((512, 128), "float32"), R: T.Tensor((512, 512), "float32"), O: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 2})
    l = T.alloc_tensor((128, 4, 128), "float32", scope="trn.sbuf")
    r = T.alloc_tensor((128, 4, 512), "float32", scope="trn.sbuf")
    zero = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    acc = T.alloc_tensor((1, 128, 512), "float32", scope="trn.psum", allocated_addr=[0, 0])
    o = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    for k in range(4):
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                    T.nki.load(l[p, k, f], L[k * 128 + p, f])
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                    T.nki.load(r[p, k, f], R[k * 128 + p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.memset(zero[p, f], T.float32(0.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(acc[0, p, f], zero[p, f])
    for k in range(4):
        with T.nki.tensorized_instruction():
            for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "lhs_F"}):
                    for rhs_f_loop in T.serial(0, 512, annotations={"nki_dim": "rhs_F"}):
                        T.nki.matmul(acc[0, lhs_f_loop, rhs_f_loop], l[p_loop, k, lhs_f_loop], r[p_loop, k, rhs_f_loop], True)
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(o[p, f], acc[0, p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(O[p, f], o[p, f])
# ---- expected legacy ----
# Function: acc_k_kernel
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
def acc_k_kernel(L_ptr, R_ptr, O_ptr: nt.mutable_tensor, ):
  O_ptr_buffer = O_ptr.reshape([65536])
  R_ptr_buffer = R_ptr.reshape([262144])
  L_ptr_buffer = L_ptr.reshape([65536])
  l_ptr = nl.ndarray(shape=[128, 4, 128], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  r_ptr = nl.ndarray(shape=[128, 4, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=2048))
  zero_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=10240))
  acc_ptr = nl.ndarray(shape=[1, nl.par_dim(128), 512], dtype=np.float32, buffer=ncc.psum.mod_alloc(base_bank=0, base_addr=0, num_bank_tiles=(1,)))
  o_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=12288))
  for k in nl.sequential_range(4, body_no_reorder=True):
    p = nl.arange(128)
    f = nl.arange(128)
    l_ptr[p[:, None, ], k, f[None, :, ]] = nl.load(L_ptr_buffer[(((k * 16384) + (p[:, None, ] * 128)) + f[None, :, ])])
    p_1 = nl.arange(128)
    f_1 = nl.arange(512)
    r_ptr[p_1[:, None, ], k, f_1[None, :, ]] = nl.load(R_ptr_buffer[(((k * 65536) + (p_1[:, None, ] * 512)) + f_1[None, :, ])])
  p_2 = nl.arange(128)
  f_2 = nl.arange(512)
  zero_ptr[p_2[:, None, ], f_2[None, :, ]] = 0.000000e+00
  p_3 = nl.arange(128)
  f_3 = nl.arange(512)
  acc_ptr[0, p_3[:, None, ], f_3[None, :, ]] = nisa.tensor_copy(zero_ptr[p_3[:, None, ], f_3[None, :, ]])
  for k_1 in nl.sequential_range(4, body_no_reorder=True):
    p_loop = nl.arange(128)
    lhs_f_loop = nl.arange(128)
    rhs_f_loop = nl.arange(512)
    acc_ptr[0, lhs_f_loop[:, None, ], rhs_f_loop[None, :, ]] += nisa.nc_matmul(l_ptr[p_loop[:, None, ], k_1, lhs_f_loop[None, :, ]],r_ptr[p_loop[:, None, ], k_1, rhs_f_loop[None, :, ]])
  p_4 = nl.arange(128)
  f_4 = nl.arange(512)
  o_ptr[p_4[:, None, ], f_4[None, :, ]] = nisa.tensor_copy(acc_ptr[0, p_4[:, None, ], f_4[None, :, ]])
  p_5 = nl.arange(128)
  f_5 = nl.arange(512)
  nl.store(O_ptr_buffer[((p_5[:, None, ] * 512) + f_5[None, :, ])], o_ptr[p_5[:, None, ], f_5[None, :, ]])
  return O_ptr
# ---- expected nki ----
# Function: acc_k_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def acc_k_kernel(L_ptr, R_ptr):
  O_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
  O_ptr_buffer = O_ptr.reshape([65536])
  R_ptr_buffer = R_ptr.reshape([262144])
  L_ptr_buffer = L_ptr.reshape([65536])
  l_ptr = nl.ndarray((128, 4, 128), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  r_ptr = nl.ndarray((128, 4, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 2048))
  zero_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 10240))
  acc_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum, address=(0, 0))
  o_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 12288))
  for k in range(4):
    nisa.dma_copy(dst=l_ptr.ap(pattern=[[512, 128], [1, 128]], offset=(k * 128)), src=L_ptr_buffer.ap(pattern=[[128, 128], [1, 128]], offset=(k * 16384)))
    nisa.dma_copy(dst=r_ptr.ap(pattern=[[2048, 128], [1, 512]], offset=(k * 512)), src=R_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=(k * 65536)))
  nisa.memset(dst=zero_ptr, value=0.000000e+00)
  for k_1 in range(4):
    nisa.nc_matmul(dst=acc_ptr, stationary=l_ptr.ap(pattern=[[512, 128], [1, 128]], offset=(k_1 * 128)), moving=r_ptr.ap(pattern=[[2048, 128], [1, 512]], offset=(k_1 * 512)), accumulate=(k_1 > 0))
  nisa.tensor_copy(dst=o_ptr, src=acc_ptr)
  nisa.dma_copy(dst=O_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=0), src=o_ptr)
  return O_ptr
