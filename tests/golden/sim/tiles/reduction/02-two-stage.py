# A viewed as (128, 4, 2, 8) and summed over axes 1 and 3, which are not
# adjacent: the tile stage reduces axis 3 into partial sums, then axis 1.
# R[p, j] = -(sum over a, c of A[p, a, j, c]).
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((128, 4, 2, 8), "float32", layout=T.TileLayout(T.S[(128, 4, 2, 8):(64, 16, 8, 1)])), R: T.Tensor((128, 2), "float32", layout=T.TileLayout(T.S[(128, 2):(2, 1)]))):
    T.func_attr({"num_inputs": 1})
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 4, 2, 8), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    R_sbuf = T.alloc_tensor((128, 2), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 2):(1 @ P, 1 @ F)]))
    T.trn.tile.load(A_sbuf, A)
    T.trn.tile.tensorreduce(R_sbuf, A_sbuf, axes=(1, 3), reduce_op="sum", negate=True)
    T.trn.tile.store(R, R_sbuf)
