# Softmax pieces: exp with a running row sum (activation_reduce), and a subtract with a row max (tensorscalar_reduce).
from tvm.script import tirx as T

@T.prim_func
def fused(X: T.Tensor((128, 512), "float32"), E: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    x = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    e = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    rowsum = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf")
    rowmax = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(x[p, f], X[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensorscalar_reduce(rowmax[p, 0], x[p, f], x[p, f], T.float32(1.0), "mul", "max")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.activation_reduce(rowsum[p, 0], e[p, f], x[p, f], "exp", "add")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(E[p, f], e[p, f])
# ---- expected legacy ----
# Function: fused_kernel
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
def fused_kernel(X_ptr, E_ptr: nt.mutable_tensor, ):
  E_ptr_buffer = E_ptr.reshape([65536])
  X_ptr_buffer = X_ptr.reshape([65536])
  x_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  e_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=2048))
  rowsum_ptr = nl.ndarray(shape=[128, 1], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=4096))
  rowmax_ptr = nl.ndarray(shape=[128, 1], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=4100))
  p = nl.arange(128)
  f = nl.arange(512)
  x_ptr[p[:, None, ], f[None, :, ]] = nl.load(X_ptr_buffer[((p[:, None, ] * 512) + f[None, :, ])])
  p_1 = nl.arange(128)
  f_1 = nl.arange(512)
  x_ptr[p_1[:, None, ], f_1[None, :, ]] = nisa.tensor_scalar_reduce(data=x_ptr[p_1[:, None, ], f_1[None, :, ]], op0=nki.language.multiply, operand0=1.000000e+00, reduce_op=nki.language.maximum, reduce_res=rowmax_ptr[p_1[:, None, ], 0], reverse0=False)
  p_2 = nl.arange(128)
  f_2 = nl.arange(512)
  e_ptr[p_2[:, None, ], f_2[None, :, ]] = nisa.activation_reduce(data=x_ptr[p_2[:, None, ], f_2[None, :, ]], op=nki.language.exp, reduce_op=nki.language.add, reduce_res=rowsum_ptr[p_2[:, None, ], 0], bias=0.000000e+00, scale=1.000000e+00)
  p_3 = nl.arange(128)
  f_3 = nl.arange(512)
  nl.store(E_ptr_buffer[((p_3[:, None, ] * 512) + f_3[None, :, ])], e_ptr[p_3[:, None, ], f_3[None, :, ]])
  return E_ptr
# ---- expected nki ----
# Function: fused_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def fused_kernel(X_ptr):
  E_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
  E_ptr_buffer = E_ptr.reshape([65536])
  X_ptr_buffer = X_ptr.reshape([65536])
  x_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  e_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 2048))
  rowsum_ptr = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf, address=(0, 4096))
  rowmax_ptr = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf, address=(0, 4100))
  nisa.dma_copy(dst=x_ptr, src=X_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=0))
  nisa.tensor_scalar_reduce(dst=x_ptr, data=x_ptr, op0=nl.multiply, operand0=1.000000e+00, reduce_op=nl.maximum, reduce_res=rowmax_ptr, reverse0=False)
  nisa.activation_reduce(dst=e_ptr, op=nl.exp, data=x_ptr, reduce_op=nl.add, reduce_res=rowsum_ptr, bias=None, scale=1.000000e+00)
  nisa.dma_copy(dst=E_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=0), src=e_ptr)
  return E_ptr
