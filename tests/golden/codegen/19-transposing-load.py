# A transposing load t[p, f] = A[f, p]: both operands of dma_copy list their loops in the destination's order, so the
# source walks A down its columns ([[1, 128], [128, 128]]); sorted on its own it would copy A untransposed.
from tvm.script import tirx as T

@T.prim_func
def transpose_load(A: T.Tensor((128, 128), "float32"), B: T.Tensor((128, 128), "float32")):
    T.func_attr({"num_inputs": 1})
    t = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                T.nki.load(t[p, f], A[f, p])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                T.nki.store(B[p, f], t[p, f])
# ---- expected legacy ----
# Function: transpose_load_kernel
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
def transpose_load_kernel(A_ptr, B_ptr: nt.mutable_tensor, ):
  B_ptr_buffer = B_ptr.reshape([16384])
  A_ptr_buffer = A_ptr.reshape([16384])
  t_ptr = nl.ndarray(shape=[128, 128], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  p = nl.arange(128)
  f = nl.arange(128)
  t_ptr[p[:, None, ], f[None, :, ]] = nl.load(A_ptr_buffer[((f[None, :, ] * 128) + p[:, None, ])])
  p_1 = nl.arange(128)
  f_1 = nl.arange(128)
  nl.store(B_ptr_buffer[((p_1[:, None, ] * 128) + f_1[None, :, ])], t_ptr[p_1[:, None, ], f_1[None, :, ]])
  return B_ptr
# ---- expected nki ----
# Function: transpose_load_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def transpose_load_kernel(A_ptr):
  B_ptr = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.shared_hbm)
  B_ptr_buffer = B_ptr.reshape([16384])
  A_ptr_buffer = A_ptr.reshape([16384])
  t_ptr = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  nisa.dma_copy(dst=t_ptr, src=A_ptr_buffer.ap(pattern=[[1, 128], [128, 128]], offset=0))
  nisa.dma_copy(dst=B_ptr_buffer.ap(pattern=[[128, 128], [1, 128]], offset=0), src=t_ptr)
  return B_ptr
