# C = Aᵀ Bᵀ with A given as (K, M) = (128, 128) and B as (N, K) = (64, 128)
# (transpose_A and transpose_B), into an SBUF result: the tile stage
# accumulates in an acc_psum workspace and copies it over C. As in the
# reference nothing clears that workspace, so the run reports its first
# read as never written.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((128, 128), "float32", layout=T.TileLayout(T.S[(128, 128):(128, 1)])), B: T.Tensor((64, 128), "float32", layout=T.TileLayout(T.S[(64, 128):(128, 1)])), C: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)]))):
    T.func_attr({"num_inputs": 2})
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((64, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(64, 128):(1 @ F, 1 @ P)]))
    C_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    T.trn.tile.load(A_sbuf, A)
    T.trn.tile.load(B_sbuf, B)
    T.trn.tile.matmul(C_sbuf, A_sbuf, B_sbuf, C_sbuf, transpose_A=True, transpose_B=True)
    T.trn.tile.store(C, C_sbuf)
