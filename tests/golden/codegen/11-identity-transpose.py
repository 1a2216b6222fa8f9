# The identity initialisation of the transposing copy: a bf16 identity tile, then a matmul by it.
from tvm.script import tirx as T

@T.prim_func
def transpose(A: T.Tensor((128, 128), "bfloat16"), B: T.Tensor((128, 128), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 128), "bfloat16", scope="trn.sbuf")
    identity = T.alloc_tensor((128, 128), "bfloat16", scope="trn.sbuf")
    t = T.alloc_tensor((1, 128, 128), "float32", scope="trn.psum", allocated_addr=[0, 0])
    b = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for rhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "rhs_F"}):
                T.nki.identity(identity[p_loop, rhs_f_loop], 128)
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                T.nki.load(a[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "lhs_F"}):
                for rhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "rhs_F"}):
                    T.nki.matmul(t[0, lhs_f_loop, rhs_f_loop], a[p_loop, lhs_f_loop], identity[p_loop, rhs_f_loop], False)
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(b[p, f], t[0, p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                T.nki.store(B[p, f], b[p, f])
# ---- expected legacy ----
# Function: transpose_kernel
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
def transpose_kernel(A_ptr, B_ptr: nt.mutable_tensor, ):
  B_ptr_buffer = B_ptr.reshape([16384])
  A_ptr_buffer = A_ptr.reshape([16384])
  a_ptr = nl.ndarray(shape=[128, 128], dtype=nl.bfloat16, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  identity_ptr = nl.ndarray(shape=[128, 128], dtype=nl.bfloat16, buffer=ncc.sbuf.mod_alloc(base_addr=256))
  t_ptr = nl.ndarray(shape=[1, nl.par_dim(128), 128], dtype=np.float32, buffer=ncc.psum.mod_alloc(base_bank=0, base_addr=0, num_bank_tiles=(1,)))
  b_ptr = nl.ndarray(shape=[128, 128], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=512))
  p_loop = nl.arange(128)
  rhs_f_loop = nl.arange(128)
  identity_np = nl.shared_constant(np.identity(128, dtype=np.int8), dtype=nl.bfloat16)
  identity_ptr[p_loop[:, None, ], rhs_f_loop[None, :, ]] = nl.load(identity_np)
  p = nl.arange(128)
  f = nl.arange(128)
  a_ptr[p[:, None, ], f[None, :, ]] = nl.load(A_ptr_buffer[((p[:, None, ] * 128) + f[None, :, ])])
  p_loop_1 = nl.arange(128)
  lhs_f_loop = nl.arange(128)
  rhs_f_loop_1 = nl.arange(128)
  t_ptr[0, lhs_f_loop[:, None, ], rhs_f_loop_1[None, :, ]] = nisa.nc_matmul(a_ptr[p_loop_1[:, None, ], lhs_f_loop[None, :, ]],identity_ptr[p_loop_1[:, None, ], rhs_f_loop_1[None, :, ]])
  p_1 = nl.arange(128)
  f_1 = nl.arange(128)
  b_ptr[p_1[:, None, ], f_1[None, :, ]] = nisa.tensor_copy(t_ptr[0, p_1[:, None, ], f_1[None, :, ]])
  p_2 = nl.arange(128)
  f_2 = nl.arange(128)
  nl.store(B_ptr_buffer[((p_2[:, None, ] * 128) + f_2[None, :, ])], b_ptr[p_2[:, None, ], f_2[None, :, ]])
  return B_ptr
# ---- expected nki ----
# Function: transpose_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def transpose_kernel(A_ptr):
  B_ptr = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.shared_hbm)
  B_ptr_buffer = B_ptr.reshape([16384])
  A_ptr_buffer = A_ptr.reshape([16384])
  a_ptr = nl.ndarray((128, 128), dtype=nl.bfloat16, buffer=nl.sbuf, address=(0, 0))
  identity_ptr = nl.ndarray((128, 128), dtype=nl.bfloat16, buffer=nl.sbuf, address=(0, 256))
  t_ptr = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.psum, address=(0, 0))
  b_ptr = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf, address=(0, 512))
  nisa.dma_copy(dst=identity_ptr, src=nl.shared_identity_matrix(128, dtype=nl.bfloat16))
  nisa.dma_copy(dst=a_ptr, src=A_ptr_buffer.ap(pattern=[[128, 128], [1, 128]], offset=0))
  nisa.nc_matmul(dst=t_ptr, stationary=a_ptr, moving=identity_ptr, accumulate=False)
  nisa.tensor_copy(dst=b_ptr, src=t_ptr)
  nisa.dma_copy(dst=B_ptr_buffer.ap(pattern=[[128, 128], [1, 128]], offset=0), src=b_ptr)
  return B_ptr
