# Activation with a per-partition bias over annotated P/F loops (the form TileDispatch produces).
from tvm.script import tirx as T

@T.prim_func
def act(A: T.Tensor((128, 512), "float32"), C: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    bias = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf")
    c = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(a[p_loop, f_loop], A[p_loop, f_loop])
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 1, annotations={"nki_dim": "F"}):
                T.nki.memset(bias[p_loop, f_loop], T.float32(1.0))
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.activation(c[p_loop, f_loop], a[p_loop, f_loop], "exp", bias[p_loop, 0], T.float32(2.0))
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(C[p_loop, f_loop], c[p_loop, f_loop])
# ---- expected legacy ----
# Function: act_kernel
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
def act_kernel(A_ptr, C_ptr: nt.mutable_tensor, ):
  C_ptr_buffer = C_ptr.reshape([65536])
  A_ptr_buffer = A_ptr.reshape([65536])
  a_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  bias_ptr = nl.ndarray(shape=[128, 1], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=2048))
  c_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=2052))
  p_loop = nl.arange(128)
  f_loop = nl.arange(512)
  a_ptr[p_loop[:, None, ], f_loop[None, :, ]] = nl.load(A_ptr_buffer[((p_loop[:, None, ] * 512) + f_loop[None, :, ])])
  p_loop_1 = nl.arange(128)
  f_loop_1 = nl.arange(1)
  bias_ptr[p_loop_1[:, None, ], 0] = 1.000000e+00
  p_loop_2 = nl.arange(128)
  f_loop_2 = nl.arange(512)
  c_ptr[p_loop_2[:, None, ], f_loop_2[None, :, ]] = nisa.activation(op=nki.language.exp, data=a_ptr[p_loop_2[:, None, ], f_loop_2[None, :, ]],bias=bias_ptr[p_loop_2[:, None, ], 0], scale=2.000000e+00)
  p_loop_3 = nl.arange(128)
  f_loop_3 = nl.arange(512)
  nl.store(C_ptr_buffer[((p_loop_3[:, None, ] * 512) + f_loop_3[None, :, ])], c_ptr[p_loop_3[:, None, ], f_loop_3[None, :, ]])
  return C_ptr
# ---- expected nki ----
# Function: act_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def act_kernel(A_ptr):
  C_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
  C_ptr_buffer = C_ptr.reshape([65536])
  A_ptr_buffer = A_ptr.reshape([65536])
  a_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  bias_ptr = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf, address=(0, 2048))
  c_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 2052))
  nisa.dma_copy(dst=a_ptr, src=A_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=0))
  nisa.memset(dst=bias_ptr, value=1.000000e+00)
  nisa.activation(dst=c_ptr, op=nl.exp, data=a_ptr, bias=bias_ptr, scale=2.000000e+00)
  nisa.dma_copy(dst=C_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=0), src=c_ptr)
  return C_ptr
