# E = A * 2 and R[p] = the row maximum of E, in one instruction.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)])), E: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)])), R: T.Tensor((128, 1), "float32", layout=T.TileLayout(T.S[(128, 1):(1, 1)]))):
    T.func_attr({"num_inputs": 1})
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    E_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    R_sbuf = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    T.trn.tile.load(A_sbuf, A)
    T.trn.tile.tensorscalar_reduce(E_sbuf, R_sbuf, A_sbuf, T.float32(2.0), opcode="mul", reduce_op="max", axes=1)
    T.trn.tile.store(E, E_sbuf)
    T.trn.tile.store(R, R_sbuf)
