# Reference: test_private_alloc_trn.py::test_no_rewrite_with_psum_output: a matmul that accumulates straight into a
# PSUM tile (A's partition axis is its second dim) needs no acc_psum; the module is unchanged.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def gemm():
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    C_psum = T.alloc_tensor((128, 128), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    T.trn.tile.matmul(C_psum, A_sbuf, B_sbuf, C_psum)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def gemm():
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    C_psum = T.alloc_tensor((128, 128), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    T.trn.tile.matmul(C_psum, A_sbuf, B_sbuf, C_psum)
