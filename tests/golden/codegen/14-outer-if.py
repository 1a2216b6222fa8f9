# An if between instructions, on an outer loop variable: a plain Python if in both APIs.
from tvm.script import tirx as T

@T.prim_func
def halves(A: T.Tensor((128, 1024), "float32"), B: T.Tensor((128, 1024), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    for h in range(2):
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                    T.nki.load(a[p, f], A[p, h * 512 + f])
        if h == 1:
            with T.nki.tensorized_instruction():
                for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                    for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                        T.nki.tensorscalar(a[p, f], a[p, f], T.float32(-1.0), "mul")
        else:
            with T.nki.tensorized_instruction():
                for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                    for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                        T.nki.tensorscalar(a[p, f], a[p, f], T.float32(1.0), "add")
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                    T.nki.store(B[p, h * 512 + f], a[p, f])
# ---- expected legacy ----
# Function: halves_kernel
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
def halves_kernel(A_ptr, B_ptr: nt.mutable_tensor, ):
  B_ptr_buffer = B_ptr.reshape([131072])
  A_ptr_buffer = A_ptr.reshape([131072])
  a_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  for h in nl.sequential_range(2, body_no_reorder=True):
    p = nl.arange(128)
    f = nl.arange(512)
    a_ptr[p[:, None, ], f[None, :, ]] = nl.load(A_ptr_buffer[(((p[:, None, ] * 1024) + (h * 512)) + f[None, :, ])])
    if (h == 1) :
      p_1 = nl.arange(128)
      f_1 = nl.arange(512)
      a_ptr[p_1[:, None, ], f_1[None, :, ]] = nisa.tensor_scalar(a_ptr[p_1[:, None, ], f_1[None, :, ]], operand0=-1.000000e+00, op0=nki.language.multiply, reverse0=False)
    else:
      p_2 = nl.arange(128)
      f_2 = nl.arange(512)
      a_ptr[p_2[:, None, ], f_2[None, :, ]] = nisa.tensor_scalar(a_ptr[p_2[:, None, ], f_2[None, :, ]], operand0=1.000000e+00, op0=nki.language.add, reverse0=False)
    p_3 = nl.arange(128)
    f_3 = nl.arange(512)
    nl.store(B_ptr_buffer[(((p_3[:, None, ] * 1024) + (h * 512)) + f_3[None, :, ])], a_ptr[p_3[:, None, ], f_3[None, :, ]])
  return B_ptr
# ---- expected nki ----
# Function: halves_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def halves_kernel(A_ptr):
  B_ptr = nl.ndarray((128, 1024), dtype=nl.float32, buffer=nl.shared_hbm)
  B_ptr_buffer = B_ptr.reshape([131072])
  A_ptr_buffer = A_ptr.reshape([131072])
  a_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  for h in range(2):
    nisa.dma_copy(dst=a_ptr, src=A_ptr_buffer.ap(pattern=[[1024, 128], [1, 512]], offset=(h * 512)))
    if (h == 1):
      nisa.tensor_scalar(dst=a_ptr, data=a_ptr, op0=nl.multiply, operand0=-1.000000e+00, reverse0=False)
    else:
      nisa.tensor_scalar(dst=a_ptr, data=a_ptr, op0=nl.add, operand0=1.000000e+00, reverse0=False)
    nisa.dma_copy(dst=B_ptr_buffer.ap(pattern=[[1024, 128], [1, 512]], offset=(h * 512)), src=a_ptr)
  return B_ptr
