# Reference test test_codegen_nki.py::test_nki_add_2 (no parameters): the same inside for k in range(4) over 128 x 2048.
from tvm.script import tirx as T

@T.prim_func
def func(A: T.Tensor((128, 2048)), B: T.Tensor((128, 2048))):
    T.func_attr({"num_inputs": 1})
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf",)
    B_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf",)
    for k in range(0, 4):
        with T.nki.tensorized_instruction():
            for i in range(0, 128):
                for j in range(0, 512):
                    T.nki.load(A_sbuf[i, j], A[i, 512*k+j])
        with T.nki.tensorized_instruction():
            for i in range(0, 128):
                for j in range(0, 512):
                    T.nki.tensorscalar(B_sbuf[i, j], A_sbuf[i, j], T.float32(1.0), "add")
        with T.nki.tensorized_instruction():
            for i in range(0, 128):
                for j in range(0, 512):
                    T.nki.store(B[i, 512*k+j], B_sbuf[i, j])
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
def func_kernel(A_ptr, B_ptr: nt.mutable_tensor, ):
  B_ptr_buffer = B_ptr.reshape([262144])
  A_ptr_buffer = A_ptr.reshape([262144])
  A_sbuf_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  B_sbuf_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=2048))
  for k in nl.sequential_range(4, body_no_reorder=True):
    i = nl.arange(128)
    j = nl.arange(512)
    A_sbuf_ptr[i[:, None, ], j[None, :, ]] = nl.load(A_ptr_buffer[(((i[:, None, ] * 2048) + (k * 512)) + j[None, :, ])])
    i_1 = nl.arange(128)
    j_1 = nl.arange(512)
    B_sbuf_ptr[i_1[:, None, ], j_1[None, :, ]] = nisa.tensor_scalar(A_sbuf_ptr[i_1[:, None, ], j_1[None, :, ]], operand0=1.000000e+00, op0=nki.language.add, reverse0=False)
    i_2 = nl.arange(128)
    j_2 = nl.arange(512)
    nl.store(B_ptr_buffer[(((i_2[:, None, ] * 2048) + (k * 512)) + j_2[None, :, ])], B_sbuf_ptr[i_2[:, None, ], j_2[None, :, ]])
  return B_ptr
# ---- expected nki ----
# Function: func_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def func_kernel(A_ptr):
  B_ptr = nl.ndarray((128, 2048), dtype=nl.float32, buffer=nl.shared_hbm)
  B_ptr_buffer = B_ptr.reshape([262144])
  A_ptr_buffer = A_ptr.reshape([262144])
  A_sbuf_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  B_sbuf_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 2048))
  for k in range(4):
    nisa.dma_copy(dst=A_sbuf_ptr, src=A_ptr_buffer.ap(pattern=[[2048, 128], [1, 512]], offset=(k * 512)))
    nisa.tensor_scalar(dst=B_sbuf_ptr, data=A_sbuf_ptr, op0=nl.add, operand0=1.000000e+00, reverse0=False)
    nisa.dma_copy(dst=B_ptr_buffer.ap(pattern=[[2048, 128], [1, 512]], offset=(k * 512)), src=B_sbuf_ptr)
  return B_ptr
