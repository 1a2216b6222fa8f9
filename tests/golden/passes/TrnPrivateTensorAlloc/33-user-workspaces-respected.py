# Workspaces the user passes are kept and never checked or replaced by this pass when the rule has nothing
# left to create: a matmul with its own acc_psum, an activation with its own const_bias, and an
# activation_reduce given both of its workspaces. The module is unchanged.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def given():
    T.device_entry()
    acc = T.alloc_tensor((2, 128, 512), scope="trn.psum", allocated_addr=[0, 0])
    ones = T.alloc_tensor((128, 512), scope="trn.sbuf")
    part = T.alloc_tensor((128, 8), scope="trn.sbuf")
    x = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    w = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout="PF")
    A = T.alloc_tensor((32, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16384, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 1024, 128):(1024 @ F, 2048 @ F, 1 @ F, 1 @ P)]))
    C = T.alloc_tensor((1, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(1, 128):(1 @ F, 1 @ P)]))
    T.trn.tile.matmul(w, w, w, acc_psum=acc)
    T.trn.tile.activation(x, x, bias=1.0, const_bias=ones, opcode="exp")
    T.trn.tile.activation_reduce(B, C, A[0:16], const_bias=ones, partial_reduce=part, opcode="sqrt", reduce_op="sum", axes=(0, 1))
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def given():
    T.device_entry()
    acc = T.alloc_tensor((2, 128, 512), scope="trn.psum", allocated_addr=[0, 0])
    ones = T.alloc_tensor((128, 512), scope="trn.sbuf")
    part = T.alloc_tensor((128, 8), scope="trn.sbuf")
    x = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    w = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout="PF")
    A = T.alloc_tensor((32, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16384, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 1024, 128):(1024 @ F, 2048 @ F, 1 @ F, 1 @ P)]))
    C = T.alloc_tensor((1, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(1, 128):(1 @ F, 1 @ P)]))
    T.trn.tile.matmul(w, w, w, acc_psum=acc)
    T.trn.tile.activation(x, x, bias=1.0, const_bias=ones, opcode="exp")
    T.trn.tile.activation_reduce(B, C, A[0:16], const_bias=ones, partial_reduce=part, opcode="sqrt", reduce_op="sum", axes=(0, 1))
