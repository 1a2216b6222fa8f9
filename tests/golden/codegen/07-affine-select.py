# Lower-triangular mask: keep A where p - f >= 0, else -inf (the causal-mask pattern).
from tvm.script import tirx as T

@T.prim_func
def tril(A: T.Tensor((128, 128), "float32"), B: T.Tensor((128, 128), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf")
    b = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                T.nki.load(a[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                T.nki.affine_select(b[p, f], p - f >= 0, a[p, f], T.float32(-30000.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                T.nki.store(B[p, f], b[p, f])
# ---- expected legacy ----
# Function: tril_kernel
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
def tril_kernel(A_ptr, B_ptr: nt.mutable_tensor, ):
  B_ptr_buffer = B_ptr.reshape([16384])
  A_ptr_buffer = A_ptr.reshape([16384])
  a_ptr = nl.ndarray(shape=[128, 128], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  b_ptr = nl.ndarray(shape=[128, 128], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=512))
  p = nl.arange(128)
  f = nl.arange(128)
  a_ptr[p[:, None, ], f[None, :, ]] = nl.load(A_ptr_buffer[((p[:, None, ] * 128) + f[None, :, ])])
  p_1 = nl.arange(128)
  f_1 = nl.arange(128)
  b_ptr[p_1[:, None, ], f_1[None, :, ]] = nisa.affine_select(pred=(0 <= (p_1[:, None, ] - f_1[None, :, ])), on_true_tile=a_ptr[p_1[:, None, ], f_1[None, :, ]], on_false_value=-3.000000e+04)
  p_2 = nl.arange(128)
  f_2 = nl.arange(128)
  nl.store(B_ptr_buffer[((p_2[:, None, ] * 128) + f_2[None, :, ])], b_ptr[p_2[:, None, ], f_2[None, :, ]])
  return B_ptr
# ---- expected nki ----
# Function: tril_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def tril_kernel(A_ptr):
  B_ptr = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.shared_hbm)
  B_ptr_buffer = B_ptr.reshape([16384])
  A_ptr_buffer = A_ptr.reshape([16384])
  a_ptr = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  b_ptr = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf, address=(0, 512))
  nisa.dma_copy(dst=a_ptr, src=A_ptr_buffer.ap(pattern=[[128, 128], [1, 128]], offset=0))
  nisa.affine_select(dst=b_ptr, pattern=[[1, 128]], channel_multiplier=-1, on_true_tile=a_ptr, on_false_value=-3.000000e+04, cmp_op=nl.less_equal, offset=0)
  nisa.dma_copy(dst=B_ptr_buffer.ap(pattern=[[128, 128], [1, 128]], offset=0), src=b_ptr)
  return B_ptr
