# A rank-3 SBUF tensor (128, 4, 512) filled one 512-wide slice per iteration and scaled in place.
from tvm.script import tirx as T

@T.prim_func
def rank3(A: T.Tensor((128, 2048), "float32"), B: T.Tensor((128, 2048), "float32")):
    T.func_attr({"num_inputs": 1})
    t = T.alloc_tensor((128, 4, 512), "float32", scope="trn.sbuf")
    for c in range(4):
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                    T.nki.load(t[p, c, f], A[p, c * 512 + f])
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                    T.nki.tensorscalar(t[p, c, f], t[p, c, f], T.float32(0.5), "mul", True)
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                    T.nki.store(B[p, c * 512 + f], t[p, c, f])
# ---- expected legacy ----
# Function: rank3_kernel
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
def rank3_kernel(A_ptr, B_ptr: nt.mutable_tensor, ):
  B_ptr_buffer = B_ptr.reshape([262144])
  A_ptr_buffer = A_ptr.reshape([262144])
  t_ptr = nl.ndarray(shape=[128, 4, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  for c in nl.sequential_range(4, body_no_reorder=True):
    p = nl.arange(128)
    f = nl.arange(512)
    t_ptr[p[:, None, ], c, f[None, :, ]] = nl.load(A_ptr_buffer[(((p[:, None, ] * 2048) + (c * 512)) + f[None, :, ])])
    p_1 = nl.arange(128)
    f_1 = nl.arange(512)
    t_ptr[p_1[:, None, ], c, f_1[None, :, ]] = nisa.tensor_scalar(t_ptr[p_1[:, None, ], c, f_1[None, :, ]], operand0=5.000000e-01, op0=nki.language.multiply, reverse0=True)
    p_2 = nl.arange(128)
    f_2 = nl.arange(512)
    nl.store(B_ptr_buffer[(((p_2[:, None, ] * 2048) + (c * 512)) + f_2[None, :, ])], t_ptr[p_2[:, None, ], c, f_2[None, :, ]])
  return B_ptr
# ---- expected nki ----
# Function: rank3_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def rank3_kernel(A_ptr):
  B_ptr = nl.ndarray((128, 2048), dtype=nl.float32, buffer=nl.shared_hbm)
  B_ptr_buffer = B_ptr.reshape([262144])
  A_ptr_buffer = A_ptr.reshape([262144])
  t_ptr = nl.ndarray((128, 4, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  for c in range(4):
    nisa.dma_copy(dst=t_ptr.ap(pattern=[[2048, 128], [1, 512]], offset=(c * 512)), src=A_ptr_buffer.ap(pattern=[[2048, 128], [1, 512]], offset=(c * 512)))
    nisa.tensor_scalar(dst=t_ptr.ap(pattern=[[2048, 128], [1, 512]], offset=(c * 512)), data=t_ptr.ap(pattern=[[2048, 128], [1, 512]], offset=(c * 512)), op0=nl.multiply, operand0=5.000000e-01, reverse0=True)
    nisa.dma_copy(dst=B_ptr_buffer.ap(pattern=[[2048, 128], [1, 512]], offset=(c * 512)), src=t_ptr.ap(pattern=[[2048, 128], [1, 512]], offset=(c * 512)))
  return B_ptr
