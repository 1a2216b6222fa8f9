# C = Aᵀ B with A given as (K, M) = (256, 128) (transpose_A) and B (256, 64):
# the contraction of 256 takes two matmul instructions accumulating in one
# PSUM tile, zeroed first (a tile memset writes only SBUF, so a zeroed SBUF
# tile is copied in); the result is copied to SBUF and stored.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((256, 128), "float32", layout=T.TileLayout(T.S[(256, 128):(128, 1)])), B: T.Tensor((256, 64), "float32", layout=T.TileLayout(T.S[(256, 64):(64, 1)])), C: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)]))):
    T.func_attr({"num_inputs": 2})
    T.device_entry()
    A_sbuf = T.alloc_tensor((256, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 128):(128 @ F, 1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((256, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 64):(64 @ F, 1 @ P, 1 @ F)]))
    C_psum = T.alloc_tensor((128, 64), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    C_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    T.trn.tile.load(A_sbuf, A)
    T.trn.tile.load(B_sbuf, B)
    T.trn.tile.memset(C_sbuf, T.float32(0.0))
    T.trn.tile.tensor_copy(C_psum, C_sbuf)
    T.trn.tile.matmul(C_psum, A_sbuf, B_sbuf, C_psum, transpose_A=True)
    T.trn.tile.tensor_copy(C_sbuf, C_psum)
    T.trn.tile.store(C, C_sbuf)
