# A broadcast load, as layer_norm.py's g[p, f] = G[f]: the source keeps its step-0 partition loop ([0, 128]), so
# dma_copy reads as many elements as it writes; then a product with the broadcast row.
from tvm.script import tirx as T

@T.prim_func
def scale_rows(X: T.Tensor((128, 512), "float32"), G: T.Tensor((512,), "float32"), O: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 2})
    x = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    g = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(x[p, f], X[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(g[p, f], G[f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensortensor(x[p, f], x[p, f], g[p, f], "mul")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(O[p, f], x[p, f])
# ---- expected legacy ----
# Function: scale_rows_kernel
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
def scale_rows_kernel(X_ptr, G_ptr, O_ptr: nt.mutable_tensor, ):
  O_ptr_buffer = O_ptr.reshape([65536])
  G_ptr_buffer = G_ptr.reshape([512])
  X_ptr_buffer = X_ptr.reshape([65536])
  x_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  g_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=2048))
  p = nl.arange(128)
  f = nl.arange(512)
  x_ptr[p[:, None, ], f[None, :, ]] = nl.load(X_ptr_buffer[((p[:, None, ] * 512) + f[None, :, ])])
  p_1 = nl.arange(128)
  f_1 = nl.arange(512)
  g_ptr[p_1[:, None, ], f_1[None, :, ]] = nl.load(G_ptr_buffer[f_1[None, :, ]])
  p_2 = nl.arange(128)
  f_2 = nl.arange(512)
  x_ptr[p_2[:, None, ], f_2[None, :, ]] = nisa.tensor_tensor(x_ptr[p_2[:, None, ], f_2[None, :, ]], g_ptr[p_2[:, None, ], f_2[None, :, ]], op=nki.language.multiply)
  p_3 = nl.arange(128)
  f_3 = nl.arange(512)
  nl.store(O_ptr_buffer[((p_3[:, None, ] * 512) + f_3[None, :, ])], x_ptr[p_3[:, None, ], f_3[None, :, ]])
  return O_ptr
# ---- expected nki ----
# Function: scale_rows_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def scale_rows_kernel(X_ptr, G_ptr):
  O_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
  O_ptr_buffer = O_ptr.reshape([65536])
  G_ptr_buffer = G_ptr.reshape([512])
  X_ptr_buffer = X_ptr.reshape([65536])
  x_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  g_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 2048))
  nisa.dma_copy(dst=x_ptr, src=X_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=0))
  nisa.dma_copy(dst=g_ptr, src=G_ptr_buffer.ap(pattern=[[0, 128], [1, 512]], offset=0))
  nisa.tensor_tensor(dst=x_ptr, data1=x_ptr, data2=g_ptr, op=nl.multiply)
  nisa.dma_copy(dst=O_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=0), src=x_ptr)
  return O_ptr
