# A (256, 64) through SBUF and back: two row tiles of 128 partitions each, one
# load and one store per tile. C = A.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((256, 64), "float32", layout=T.TileLayout(T.S[(256, 64):(64, 1)])), C: T.Tensor((256, 64), "float32", layout=T.TileLayout(T.S[(256, 64):(64, 1)]))):
    T.func_attr({"num_inputs": 1})
    T.device_entry()
    A_sbuf = T.alloc_tensor((256, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 64):(64 @ F, 1 @ P, 1 @ F)]))
    T.trn.tile.load(A_sbuf, A)
    T.trn.tile.store(C, A_sbuf)
