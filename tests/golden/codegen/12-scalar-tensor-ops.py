# Two-operator chains: scalar_tensor_tensor ((a * 2) + b) and scalar_tensor_scalar ((a max 0) min 6), and a reciprocal.
from tvm.script import tirx as T

@T.prim_func
def chains(A: T.Tensor((128, 256), "float32"), B: T.Tensor((128, 256), "float32"), C: T.Tensor((128, 256), "float32")):
    T.func_attr({"num_inputs": 2})
    a = T.alloc_tensor((128, 256), "float32", scope="trn.sbuf")
    b = T.alloc_tensor((128, 256), "float32", scope="trn.sbuf")
    c = T.alloc_tensor((128, 256), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 256, annotations={"nki_dim": "F"}):
                T.nki.load(a[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 256, annotations={"nki_dim": "F"}):
                T.nki.load(b[p, f], B[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 256, annotations={"nki_dim": "F"}):
                T.nki.scalar_tensor_tensor(c[p, f], a[p, f], T.float32(2.0), b[p, f], "mul", "add")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 256, annotations={"nki_dim": "F"}):
                T.nki.scalar_tensor_scalar(c[p, f], c[p, f], T.float32(0.0), T.float32(6.0), "max", "min", False, True)
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 256, annotations={"nki_dim": "F"}):
                T.nki.reciprocal(c[p, f], c[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 256, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], c[p, f])
# ---- expected legacy ----
# Function: chains_kernel
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
def chains_kernel(A_ptr, B_ptr, C_ptr: nt.mutable_tensor, ):
  C_ptr_buffer = C_ptr.reshape([32768])
  B_ptr_buffer = B_ptr.reshape([32768])
  A_ptr_buffer = A_ptr.reshape([32768])
  a_ptr = nl.ndarray(shape=[128, 256], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  b_ptr = nl.ndarray(shape=[128, 256], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=1024))
  c_ptr = nl.ndarray(shape=[128, 256], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=2048))
  p = nl.arange(128)
  f = nl.arange(256)
  a_ptr[p[:, None, ], f[None, :, ]] = nl.load(A_ptr_buffer[((p[:, None, ] * 256) + f[None, :, ])])
  p_1 = nl.arange(128)
  f_1 = nl.arange(256)
  b_ptr[p_1[:, None, ], f_1[None, :, ]] = nl.load(B_ptr_buffer[((p_1[:, None, ] * 256) + f_1[None, :, ])])
  p_2 = nl.arange(128)
  f_2 = nl.arange(256)
  c_ptr[p_2[:, None, ], f_2[None, :, ]] = nisa.scalar_tensor_tensor(data=a_ptr[p_2[:, None, ], f_2[None, :, ]], operand0=2.000000e+00, op0=nki.language.multiply, reverse0=False, operand1=b_ptr[p_2[:, None, ], f_2[None, :, ]], op1=nki.language.add, reverse1=False)
  p_3 = nl.arange(128)
  f_3 = nl.arange(256)
  c_ptr[p_3[:, None, ], f_3[None, :, ]] = nisa.tensor_scalar(data=c_ptr[p_3[:, None, ], f_3[None, :, ]], operand0=0.000000e+00, op0=nki.language.maximum, reverse0=False, operand1=6.000000e+00, op1=nki.language.minimum, reverse1=True)
  p_4 = nl.arange(128)
  f_4 = nl.arange(256)
  c_ptr[p_4[:, None, ], f_4[None, :, ]] = nisa.reciprocal(c_ptr[p_4[:, None, ], f_4[None, :, ]])
  p_5 = nl.arange(128)
  f_5 = nl.arange(256)
  nl.store(C_ptr_buffer[((p_5[:, None, ] * 256) + f_5[None, :, ])], c_ptr[p_5[:, None, ], f_5[None, :, ]])
  return C_ptr
# ---- expected nki ----
# Function: chains_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def chains_kernel(A_ptr, B_ptr):
  C_ptr = nl.ndarray((128, 256), dtype=nl.float32, buffer=nl.shared_hbm)
  C_ptr_buffer = C_ptr.reshape([32768])
  B_ptr_buffer = B_ptr.reshape([32768])
  A_ptr_buffer = A_ptr.reshape([32768])
  a_ptr = nl.ndarray((128, 256), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  b_ptr = nl.ndarray((128, 256), dtype=nl.float32, buffer=nl.sbuf, address=(0, 1024))
  c_ptr = nl.ndarray((128, 256), dtype=nl.float32, buffer=nl.sbuf, address=(0, 2048))
  nisa.dma_copy(dst=a_ptr, src=A_ptr_buffer.ap(pattern=[[256, 128], [1, 256]], offset=0))
  nisa.dma_copy(dst=b_ptr, src=B_ptr_buffer.ap(pattern=[[256, 128], [1, 256]], offset=0))
  nisa.scalar_tensor_tensor(dst=c_ptr, data=a_ptr, op0=nl.multiply, operand0=2.000000e+00, reverse0=False, op1=nl.add, operand1=b_ptr, reverse1=False)
  nisa.tensor_scalar(dst=c_ptr, data=c_ptr, op0=nl.maximum, operand0=0.000000e+00, reverse0=False, op1=nl.minimum, operand1=6.000000e+00, reverse1=True)
  nisa.reciprocal(dst=c_ptr, data=c_ptr)
  nisa.dma_copy(dst=C_ptr_buffer.ap(pattern=[[256, 128], [1, 256]], offset=0), src=c_ptr)
  return C_ptr
