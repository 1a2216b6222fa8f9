# R[p, 0] = max over the row of A.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)])), R: T.Tensor((128, 1), "float32", layout=T.TileLayout(T.S[(128, 1):(1, 1)]))):
    T.func_attr({"num_inputs": 1})
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    R_sbuf = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    T.trn.tile.load(A_sbuf, A)
    T.trn.tile.tensorreduce(R_sbuf, A_sbuf, axes=(1,), reduce_op="max")
    T.trn.tile.store(R, R_sbuf)
