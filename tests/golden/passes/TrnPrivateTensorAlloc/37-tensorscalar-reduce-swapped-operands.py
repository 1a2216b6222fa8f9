# From the reference's test_tensor_scalar_reduce_complex: lhs is the smaller (broadcast) operand, so the
# planner swaps the operands; the reduced dim 0 is 32 elements 128 apart, one strided instruction per
# output element, so no partial_reduce is needed and the call is left unchanged.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def tensor_scalar_reduce():
    T.device_entry()
    A_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(128 @ F, 1 @ F, 4096 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4, 128):(1 @ F, 128 @ F, 1 @ P)]))
    C_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(128 @ F, 1 @ F, 4096 @ F, 1 @ P)]))
    D_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4, 128):(1 @ F, 128 @ F, 1 @ P)]))
    T.trn.tile.tensorscalar_reduce(C_sbuf, D_sbuf, B_sbuf, A_sbuf, opcode="add", reduce_op="sum", axes=0)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def tensor_scalar_reduce():
    T.device_entry()
    A_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(128 @ F, 1 @ F, 4096 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4, 128):(1 @ F, 128 @ F, 1 @ P)]))
    C_sbuf = T.alloc_tensor((32, 128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 4, 128):(128 @ F, 1 @ F, 4096 @ F, 1 @ P)]))
    D_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4, 128):(1 @ F, 128 @ F, 1 @ P)]))
    T.trn.tile.tensorscalar_reduce(C_sbuf, D_sbuf, B_sbuf, A_sbuf, opcode="add", reduce_op="sum", axes=0)
