# Loop variables named like the kernel's imports (nl, np, math) are renamed,
# so they do not shadow the modules inside the kernel.
from tvm.script import tirx as T

@T.prim_func
def shadow(A: T.Tensor((256, 512), "float32"), B: T.Tensor((256, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    for nl in range(2):
        for np in range(1):
            with T.nki.tensorized_instruction():
                for math in T.serial(0, 128, annotations={"nki_dim": "P"}):
                    for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                        T.nki.load(a[math, f], A[nl * 128 + math, f])
            with T.nki.tensorized_instruction():
                for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                    for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                        T.nki.store(B[nl * 128 + p, f], a[p, f])
# ---- expected legacy ----
# Function: shadow_kernel
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
def shadow_kernel(A_ptr, B_ptr: nt.mutable_tensor, ):
  B_ptr_buffer = B_ptr.reshape([131072])
  A_ptr_buffer = A_ptr.reshape([131072])
  a_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  for nl_1 in nl.sequential_range(2, body_no_reorder=True):
    math_1 = nl.arange(128)
    f = nl.arange(512)
    a_ptr[math_1[:, None, ], f[None, :, ]] = nl.load(A_ptr_buffer[(((nl_1 * 65536) + (math_1[:, None, ] * 512)) + f[None, :, ])])
    p = nl.arange(128)
    f_1 = nl.arange(512)
    nl.store(B_ptr_buffer[(((nl_1 * 65536) + (p[:, None, ] * 512)) + f_1[None, :, ])], a_ptr[p[:, None, ], f_1[None, :, ]])
  return B_ptr
# ---- expected nki ----
# Function: shadow_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def shadow_kernel(A_ptr):
  B_ptr = nl.ndarray((256, 512), dtype=nl.float32, buffer=nl.shared_hbm)
  B_ptr_buffer = B_ptr.reshape([131072])
  A_ptr_buffer = A_ptr.reshape([131072])
  a_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  for nl_1 in range(2):
    nisa.dma_copy(dst=a_ptr, src=A_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=(nl_1 * 65536)))
    nisa.dma_copy(dst=B_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=(nl_1 * 65536)), src=a_ptr)
  return B_ptr
