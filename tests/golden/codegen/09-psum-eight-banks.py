# An eight-bank PSUM accumulator: each bank takes one matmul, then the banks are summed into SBUF.
from tvm.script import tirx as T

@T.prim_func
def banks(L: T.Tensor((128, 128), "bfloat16"), R: T.Tensor((128, 512), "bfloat16"), O: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 2})
    l = T.alloc_tensor((128, 128), "bfloat16", scope="trn.sbuf")
    r = T.alloc_tensor((128, 512), "bfloat16", scope="trn.sbuf")
    acc = T.alloc_tensor((8, 128, 512), "float32", scope="trn.psum", allocated_addr=[0, 0])
    o = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                T.nki.load(l[p, f], L[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(r[p, f], R[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.memset(o[p, f], T.float32(0.0))
    for b in range(8):
        with T.nki.tensorized_instruction():
            for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "lhs_F"}):
                    for rhs_f_loop in T.serial(0, 512, annotations={"nki_dim": "rhs_F"}):
                        T.nki.matmul(acc[b, lhs_f_loop, rhs_f_loop], l[p_loop, lhs_f_loop], r[p_loop, rhs_f_loop], False)
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                    T.nki.tensortensor(o[p, f], o[p, f], acc[b, p, f], "add")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(O[p, f], o[p, f])
# ---- expected legacy ----
# Function: banks_kernel
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
def banks_kernel(L_ptr, R_ptr, O_ptr: nt.mutable_tensor, ):
  O_ptr_buffer = O_ptr.reshape([65536])
  R_ptr_buffer = R_ptr.reshape([65536])
  L_ptr_buffer = L_ptr.reshape([16384])
  l_ptr = nl.ndarray(shape=[128, 128], dtype=nl.bfloat16, buffer=ncc.sbuf.mod_alloc(base_addr=0))
  r_ptr = nl.ndarray(shape=[128, 512], dtype=nl.bfloat16, buffer=ncc.sbuf.mod_alloc(base_addr=256))
  acc_ptr = nl.ndarray(shape=[8, nl.par_dim(128), 512], dtype=np.float32, buffer=ncc.psum.mod_alloc(base_bank=0, base_addr=0, num_bank_tiles=(8,)))
  o_ptr = nl.ndarray(shape=[128, 512], dtype=np.float32, buffer=ncc.sbuf.mod_alloc(base_addr=1280))
  p = nl.arange(128)
  f = nl.arange(128)
  l_ptr[p[:, None, ], f[None, :, ]] = nl.load(L_ptr_buffer[((p[:, None, ] * 128) + f[None, :, ])])
  p_1 = nl.arange(128)
  f_1 = nl.arange(512)
  r_ptr[p_1[:, None, ], f_1[None, :, ]] = nl.load(R_ptr_buffer[((p_1[:, None, ] * 512) + f_1[None, :, ])])
  p_2 = nl.arange(128)
  f_2 = nl.arange(512)
  o_ptr[p_2[:, None, ], f_2[None, :, ]] = 0.000000e+00
  for b in nl.sequential_range(8, body_no_reorder=True):
    p_loop = nl.arange(128)
    lhs_f_loop = nl.arange(128)
    rhs_f_loop = nl.arange(512)
    acc_ptr[b, lhs_f_loop[:, None, ], rhs_f_loop[None, :, ]] = nisa.nc_matmul(l_ptr[p_loop[:, None, ], lhs_f_loop[None, :, ]],r_ptr[p_loop[:, None, ], rhs_f_loop[None, :, ]])
    p_3 = nl.arange(128)
    f_3 = nl.arange(512)
    o_ptr[p_3[:, None, ], f_3[None, :, ]] = nisa.tensor_tensor(o_ptr[p_3[:, None, ], f_3[None, :, ]], acc_ptr[b, p_3[:, None, ], f_3[None, :, ]], op=nki.language.add)
  p_4 = nl.arange(128)
  f_4 = nl.arange(512)
  nl.store(O_ptr_buffer[((p_4[:, None, ] * 512) + f_4[None, :, ])], o_ptr[p_4[:, None, ], f_4[None, :, ]])
  return O_ptr
