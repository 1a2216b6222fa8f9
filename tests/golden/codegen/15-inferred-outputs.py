# No num_inputs attribute: the kernel writes only its last parameter, which becomes the one output.
from tvm.script import tirx as T

@T.prim_func
def copy(A: T.Tensor((128, 64), "int32"), B: T.Tensor((128, 64), "int32")):
    a = T.alloc_tensor((128, 64), "int32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 64, annotations={"nki_dim": "F"}):
                T.nki.load(a[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 64, annotations={"nki_dim": "F"}):
                T.nki.store(B[p, f], a[p, f])
# ---- expected legacy ----
# Function: copy_kernel
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
def copy_kernel(A_ptr, B_ptr: nt.mutable_tensor, ):
  B_ptr_buffer = B_ptr.reshape([8192])
  A_ptr_buffer = A_ptr.reshape([8192])
  a_ptr = nl.ndarray(shape=[128, 64], dtype=np.int32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  p = nl.arange(128)
  f = nl.arange(64)
  a_ptr[p[:, None, ], f[None, :, ]] = nl.load(A_ptr_buffer[((p[:, None, ] * 64) + f[None, :, ])])
  p_1 = nl.arange(128)
  f_1 = nl.arange(64)
  nl.store(B_ptr_buffer[((p_1[:, None, ] * 64) + f_1[None, :, ])], a_ptr[p_1[:, None, ], f_1[None, :, ]])
  return B_ptr
# ---- expected nki ----
# Function: copy_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def copy_kernel(A_ptr):
  B_ptr = nl.ndarray((128, 64), dtype=nl.int32, buffer=nl.shared_hbm)
  B_ptr_buffer = B_ptr.reshape([8192])
  A_ptr_buffer = A_ptr.reshape([8192])
  a_ptr = nl.ndarray((128, 64), dtype=nl.int32, buffer=nl.sbuf, address=(0, 0))
  nisa.dma_copy(dst=a_ptr, src=A_ptr_buffer.ap(pattern=[[64, 128], [1, 64]], offset=0))
  nisa.dma_copy(dst=B_ptr_buffer.ap(pattern=[[64, 128], [1, 64]], offset=0), src=a_ptr)
  return B_ptr
