# activation_reduce with a user const_bias at least (128, 1024): the plan checks it and only the missing
# partial_reduce is created.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def activation_reduce():
    T.device_entry()
    bias = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    A = T.alloc_tensor((32, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16384, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 1024, 128):(1024 @ F, 2048 @ F, 1 @ F, 1 @ P)]))
    C = T.alloc_tensor((1, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(1, 128):(1 @ F, 1 @ P)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B, C, A[i * 16 : i * 16 + 16], const_bias=bias, opcode="sqrt", reduce_op="sum", axes=(0, 1))
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def activation_reduce():
    T.device_entry()
    partial_reduce = T.alloc_tensor((128, 8), scope="trn.sbuf")
    bias = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    A = T.alloc_tensor((32, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16384, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 1024, 128):(1024 @ F, 2048 @ F, 1 @ F, 1 @ P)]))
    C = T.alloc_tensor((1, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(1, 128):(1 @ F, 1 @ P)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B, C, A[i * 16 : i * 16 + 16], const_bias=bias, partial_reduce=partial_reduce, opcode="sqrt", reduce_op="sum", axes=(0, 1))
