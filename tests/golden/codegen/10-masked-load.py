# A partial tile: the load is masked to the first 384 columns (spec 07 §5.2, chapter 05 example 4.1-D).
# The current API has no masks, so this kernel prints only in the legacy API (see e13-mask-current-api.py).
from tvm.script import tirx as T

@T.prim_func
def part(X: T.Tensor((128, 512), "float32"), Y: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    xs = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                if f_loop < 384:
                    T.nki.load(xs[p_loop, f_loop], X[p_loop, f_loop])
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(Y[p_loop, f_loop], xs[p_loop, f_loop])
# ---- expected legacy ----
# Function: part_kernel
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
def part_kernel(X_ptr, Y_ptr: nt.mutable_tensor, ):
  Y_ptr_buffer = Y_ptr.reshape([65536])
  X_ptr_buffer = X_ptr.reshape([65536])
  xs_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  p_loop = nl.arange(128)
  f_loop = nl.arange(512)
  xs_ptr[p_loop[:, None, ], f_loop[None, :, ]] = nl.load(X_ptr_buffer[((p_loop[:, None, ] * 512) + f_loop[None, :, ])], mask=(f_loop[None, :, ] < 384))
  p_loop_1 = nl.arange(128)
  f_loop_1 = nl.arange(512)
  nl.store(Y_ptr_buffer[((p_loop_1[:, None, ] * 512) + f_loop_1[None, :, ])], xs_ptr[p_loop_1[:, None, ], f_loop_1[None, :, ]])
  return Y_ptr
