# E = 2 - A * B[p]: two chained ALU ops, the second reversed.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)])), B: T.Tensor((128, 1), "float32", layout=T.TileLayout(T.S[(128, 1):(1, 1)])), E: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)]))):
    T.func_attr({"num_inputs": 2})
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    E_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    T.trn.tile.load(A_sbuf, A)
    T.trn.tile.load(B_sbuf, B)
    T.trn.tile.scalar_tensor_scalar(E_sbuf, A_sbuf, B_sbuf, T.float32(2.0), op0="mul", op1="sub", reverse1=True)
    T.trn.tile.store(E, E_sbuf)
