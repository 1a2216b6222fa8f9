# Reference: test_private_alloc_trn.py::test_binary_reduce_two_stage: the reduced dims (1, 2) of the element-wise
# result are 1024 contiguous elements and 4 blocks 4096 apart, so the reduction takes 4 blocks: a
# (P of the reduced output, 4) partial_reduce tile.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def tensor_scalar_reduce():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 1024, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096, 4):(1 @ P, 1 @ F, 4096 @ F)]))
    B_sbuf = T.alloc_tensor((512, 1024, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096, 4):(1 @ P, 1 @ F, 4096 @ F)]))
    C_sbuf = T.alloc_tensor((512,), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
    T.trn.tile.tensorscalar_reduce(B_sbuf, C_sbuf, A_sbuf, 1.0, opcode="add", reduce_op="sum", axes=(1, 2))
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def tensor_scalar_reduce():
    T.device_entry()
    partial_reduce = T.alloc_tensor((128, 4), scope="trn.sbuf")
    A_sbuf = T.alloc_tensor((512, 1024, 4), scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096, 4):(1 @ P, 1 @ F, 4096 @ F)]))
    B_sbuf = T.alloc_tensor((512, 1024, 4), scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096, 4):(1 @ P, 1 @ F, 4096 @ F)]))
    C_sbuf = T.alloc_tensor((512,), scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
    T.trn.tile.tensorscalar_reduce(B_sbuf[0:512, 0:1024, 0:4], C_sbuf[0:512], A_sbuf[0:512, 0:1024, 0:4], T.float32(1.0), partial_reduce=partial_reduce, opcode="add", reduce_op="sum", axes=[1, 2])
