# From the reference's test_activation_reduce_with_bias_scale: a per-partition bias tile of rank 1 is
# broadcast over dims 0 and 1 of the source, the 512-element rows are single instructions, so the call
# needs neither a const_bias nor a partial_reduce and is left unchanged.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def activation_reduce():
    T.device_entry()
    A = T.alloc_tensor((32, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16384, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(8192, 128):(1 @ F, 1 @ P)]))
    C = T.alloc_tensor((16, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 2, 128):(2 @ F, 4 @ F, 1 @ F, 1 @ P)]))
    bias = T.alloc_tensor((128,), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B, C, A[i * 16 : i * 16 + 16], bias=bias, scale=2.0, opcode="sqrt", reduce_op="sum", axes=1)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def activation_reduce():
    T.device_entry()
    A = T.alloc_tensor((32, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16384, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(8192, 128):(1 @ F, 1 @ P)]))
    C = T.alloc_tensor((16, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 2, 128):(2 @ F, 4 @ F, 1 @ F, 1 @ P)]))
    bias = T.alloc_tensor((128,), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B, C, A[i * 16 : i * 16 + 16], bias=bias, scale=2.0, opcode="sqrt", reduce_op="sum", axes=1)
