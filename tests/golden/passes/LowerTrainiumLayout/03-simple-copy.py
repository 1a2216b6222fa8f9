# Chapter 03 §17: a default-layout global parameter flattens to p * 512 + f.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]), allocated_addr=[0])
    for p_loop in range(128):
        for f_loop in range(512):
            A_sbuf[p_loop, f_loop] = A[p_loop, f_loop]
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main(A: T.Tensor((128, 512), "float32", layout=None)):
    A_1 = T.decl_tensor(A.data, ty_args=[T.Tensor((65536,), "float32", layout=None)])
    A_sbuf = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    for p_loop in range(128):
        for f_loop in range(512):
            A_sbuf[p_loop, f_loop] = A_1[p_loop * 512 + f_loop]
