# E = (A - B[p]) * D: a per-row column, then a full tile.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)])), B: T.Tensor((128, 1), "float32", layout=T.TileLayout(T.S[(128, 1):(1, 1)])), D: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)])), E: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)]))):
    T.func_attr({"num_inputs": 3})
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    D_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    E_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    T.trn.tile.load(A_sbuf, A)
    T.trn.tile.load(B_sbuf, B)
    T.trn.tile.load(D_sbuf, D)
    T.trn.tile.scalar_tensor_tensor(E_sbuf, A_sbuf, B_sbuf, D_sbuf, op0="sub", op1="mul")
    T.trn.tile.store(E, E_sbuf)
