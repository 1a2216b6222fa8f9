# expect: 14:9: error: the partial_reduce workspace passed to 'T.trn.tile.activation_reduce' is too small: [128, 4] cannot cover [128, 8] [TrnPrivateTensorAlloc]
# The plan needs 8 reduction blocks per row, and the user's partial_reduce has room for 4.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def activation_reduce():
    T.device_entry()
    partial = T.alloc_tensor((128, 4), scope="trn.sbuf")
    A = T.alloc_tensor((32, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16384, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 1024, 128):(1024 @ F, 2048 @ F, 1 @ F, 1 @ P)]))
    C = T.alloc_tensor((1, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(1, 128):(1 @ F, 1 @ P)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B, C, A[i * 16 : i * 16 + 16], partial_reduce=partial, opcode="sqrt", reduce_op="sum", axes=(0, 1))
