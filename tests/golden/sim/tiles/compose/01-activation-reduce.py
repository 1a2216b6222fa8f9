# E = exp(A * 0.5 + B[p]) and R[p] = the row sum of E, in one instruction.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)])), B: T.Tensor((128, 1), "float32", layout=T.TileLayout(T.S[(128, 1):(1, 1)])), E: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)])), R: T.Tensor((128, 1), "float32", layout=T.TileLayout(T.S[(128, 1):(1, 1)]))):
    T.func_attr({"num_inputs": 2})
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    E_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    R_sbuf = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    T.trn.tile.load(A_sbuf, A)
    T.trn.tile.load(B_sbuf, B)
    T.trn.tile.activation_reduce(E_sbuf, R_sbuf, A_sbuf, bias=B_sbuf, scale=T.float32(0.5), opcode="exp", reduce_op="sum", axes=1)
    T.trn.tile.store(E, E_sbuf)
    T.trn.tile.store(R, R_sbuf)
