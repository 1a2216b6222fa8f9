# C = max(A - B, A * B) through three tensortensor instructions.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)])), B: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)])), C: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)]))):
    T.func_attr({"num_inputs": 2})
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    D_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    E_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    T.trn.tile.load(A_sbuf, A)
    T.trn.tile.load(B_sbuf, B)
    T.trn.tile.tensortensor(D_sbuf, A_sbuf, B_sbuf, opcode="sub")
    T.trn.tile.tensortensor(E_sbuf, A_sbuf, B_sbuf, opcode="mul")
    T.trn.tile.tensortensor(D_sbuf, D_sbuf, E_sbuf, opcode="max")
    T.trn.tile.store(C, D_sbuf)
