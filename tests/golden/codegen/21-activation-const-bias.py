# An activation whose constant bias lives in a full (128, 512) tile of one value, as TrnPrivateTensorAlloc's const_bias:
# the current API prints its first column ([P, 1], what nisa.activation takes); a zero constant bias prints as None.
from tvm.script import tirx as T

@T.prim_func
def act(A: T.Tensor((128, 512), "float32"), C: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    const_bias = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    c = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p_loop, f_loop], T.float32(1.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(a[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.activation(c[p_loop, f_loop], a[p_loop, f_loop], "exp", const_bias[p_loop, f_loop], T.float32(1.0))
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.activation(c[p_loop, f_loop], c[p_loop, f_loop], "exp", T.float32(0.0), T.float32(0.5))
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], c[p, f])
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
  const_bias_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  a_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 2048))
  c_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 4096))
  nisa.memset(dst=const_bias_ptr, value=1.000000e+00)
  nisa.dma_copy(dst=a_ptr, src=A_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=0))
  nisa.activation(dst=c_ptr, op=nl.exp, data=a_ptr, bias=const_bias_ptr.ap(pattern=[[512, 128], [1, 1]], offset=0), scale=1.000000e+00)
  nisa.activation(dst=c_ptr, op=nl.exp, data=c_ptr, bias=None, scale=5.000000e-01)
  nisa.dma_copy(dst=C_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=0), src=c_ptr)
  return C_ptr
