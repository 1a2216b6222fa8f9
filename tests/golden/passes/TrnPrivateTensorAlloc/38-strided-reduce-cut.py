# The swapped-operand reduction of the previous case cut by max_inst_size=16: the strided instruction
# (32 elements, 128 apart) becomes 16 elements, leaving 2 reduction blocks: partial_reduce (128, 2).
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def tensor_scalar_reduce():
    T.device_entry()
    A_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(128 @ F, 1 @ F, 4096 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4, 128):(1 @ F, 128 @ F, 1 @ P)]))
    C_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(128 @ F, 1 @ F, 4096 @ F, 1 @ P)]))
    D_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4, 128):(1 @ F, 128 @ F, 1 @ P)]))
    T.trn.tile.tensorscalar_reduce(C_sbuf, D_sbuf, B_sbuf, A_sbuf, opcode="add", reduce_op="sum", axes=0, max_inst_size=16)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def tensor_scalar_reduce():
    T.device_entry()
    partial_reduce = T.alloc_tensor((128, 2), "float32", scope="trn.sbuf")
    A_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(128 @ F, 1 @ F, 4096 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4, 128):(1 @ F, 128 @ F, 1 @ P)]))
    C_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(128 @ F, 1 @ F, 4096 @ F, 1 @ P)]))
    D_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4, 128):(1 @ F, 128 @ F, 1 @ P)]))
    T.trn.tile.tensorscalar_reduce(C_sbuf, D_sbuf, B_sbuf, A_sbuf, partial_reduce=partial_reduce, opcode="add", reduce_op="sum", axes=0, max_inst_size=16)
