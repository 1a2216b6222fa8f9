# Row sums: a tensorreduce over the free axis into a (128, 1) tile.
from tvm.script import tirx as T

@T.prim_func
def rowsum(A: T.Tensor((128, 512), "float32"), S: T.Tensor((128, 1), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    s = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(a[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensorreduce(s[p, 0], a[p, f], "add", False, -1)
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 1, annotations={"nki_dim": "F"}):
                T.nki.store(S[p, f], s[p, f])
# ---- expected legacy ----
# Function: rowsum_kernel
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
def rowsum_kernel(A_ptr, S_ptr: nt.mutable_tensor, ):
  S_ptr_buffer = S_ptr.reshape([128])
  A_ptr_buffer = A_ptr.reshape([65536])
  a_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  s_ptr = nl.ndarray(shape=[128, 1], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=2048))
  p = nl.arange(128)
  f = nl.arange(512)
  a_ptr[p[:, None, ], f[None, :, ]] = nl.load(A_ptr_buffer[((p[:, None, ] * 512) + f[None, :, ])])
  p_1 = nl.arange(128)
  f_1 = nl.arange(512)
  s_ptr[p_1[:, None, ], 0] = nisa.tensor_reduce(data=a_ptr[p_1[:, None, ], f_1[None, :, ]], op=nki.language.add, negate=False, axis=(-1,))
  p_2 = nl.arange(128)
  f_2 = nl.arange(1)
  nl.store(S_ptr_buffer[p_2[:, None, ]], s_ptr[p_2[:, None, ], 0])
  return S_ptr
# ---- expected nki ----
# Function: rowsum_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def rowsum_kernel(A_ptr):
  S_ptr = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.shared_hbm)
  S_ptr_buffer = S_ptr.reshape([128])
  A_ptr_buffer = A_ptr.reshape([65536])
  a_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  s_ptr = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf, address=(0, 2048))
  nisa.dma_copy(dst=a_ptr, src=A_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=0))
  nisa.tensor_reduce(dst=s_ptr, op=nl.add, data=a_ptr, axis=1, negate=False)
  nisa.dma_copy(dst=S_ptr_buffer.ap(pattern=[[1, 128], [1, 1]], offset=0), src=s_ptr)
  return S_ptr
