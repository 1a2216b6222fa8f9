# Every element of C set to 2.5 by a memset of its SBUF tile.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(C: T.Tensor((128, 64), "float32", layout=T.TileLayout(T.S[(128, 64):(64, 1)]))):
    T.func_attr({"num_inputs": 0})
    T.device_entry()
    C_sbuf = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)]))
    T.trn.tile.memset(C_sbuf, T.float32(2.5))
    T.trn.tile.store(C, C_sbuf)
