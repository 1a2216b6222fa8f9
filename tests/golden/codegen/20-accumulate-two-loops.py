# An accumulation over two nested loops after a memset clear: the group's first matmul is the one where both loops
# are at 0, so the current API prints accumulate=((a > 0) or (b > 0)) and no memset of the accumulator.
from tvm.script import tirx as T

@T.prim_func
def acc_ab(L: T.Tensor((512, 128), "float32"), R: T.Tensor((512, 512), "float32"), O: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 2})
    l = T.alloc_tensor((128, 4, 128), "float32", scope="trn.sbuf")
    r = T.alloc_tensor((128, 4, 512), "float32", scope="trn.sbuf")
    acc = T.alloc_tensor((1, 128, 512), "float32", scope="trn.psum", allocated_addr=[1, 0])
    o = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    for k in range(4):
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                    T.nki.load(l[p, k, f], L[k * 128 + p, f])
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                    T.nki.load(r[p, k, f], R[k * 128 + p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.memset(acc[0, p, f], T.float32(0.0))
    for a in range(2):
        for b in range(2):
            with T.nki.tensorized_instruction():
                for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
                    for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "lhs_F"}):
                        for rhs_f_loop in T.serial(0, 512, annotations={"nki_dim": "rhs_F"}):
                            T.nki.matmul(acc[0, lhs_f_loop, rhs_f_loop], l[p_loop, a * 2 + b, lhs_f_loop], r[p_loop, a * 2 + b, rhs_f_loop], True)
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(o[p, f], acc[0, p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(O[p, f], o[p, f])
# ---- expected nki ----
# Function: acc_ab_kernel
import nki
import nki.language as nl
import nki.isa as nisa
import numpy as np
@nki.jit
def acc_ab_kernel(L_ptr, R_ptr):
  O_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
  O_ptr_buffer = O_ptr.reshape([65536])
  R_ptr_buffer = R_ptr.reshape([262144])
  L_ptr_buffer = L_ptr.reshape([65536])
  l_ptr = nl.ndarray((128, 4, 128), dtype=nl.float32, buffer=nl.sbuf, address=(0, 0))
  r_ptr = nl.ndarray((128, 4, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 2048))
  acc_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum, address=(0, 2048))
  o_ptr = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf, address=(0, 10240))
  for k in range(4):
    nisa.dma_copy(dst=l_ptr.ap(pattern=[[512, 128], [1, 128]], offset=(k * 128)), src=L_ptr_buffer.ap(pattern=[[128, 128], [1, 128]], offset=(k * 16384)))
    nisa.dma_copy(dst=r_ptr.ap(pattern=[[2048, 128], [1, 512]], offset=(k * 512)), src=R_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=(k * 65536)))
  for a in range(2):
    for b in range(2):
      nisa.nc_matmul(dst=acc_ptr, stationary=l_ptr.ap(pattern=[[512, 128], [1, 128]], offset=(((a * 2) + b) * 128)), moving=r_ptr.ap(pattern=[[2048, 128], [1, 512]], offset=(((a * 2) + b) * 512)), accumulate=((a > 0) or (b > 0)))
  nisa.tensor_copy(dst=o_ptr, src=acc_ptr)
  nisa.dma_copy(dst=O_ptr_buffer.ap(pattern=[[512, 128], [1, 512]], offset=0), src=o_ptr)
  return O_ptr
