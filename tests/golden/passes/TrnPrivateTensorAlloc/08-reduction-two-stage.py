# Reference: test_private_alloc_trn.py::test_reduction_two_stage: reduced dims 1 and 3 of a (128, 32, 4, 32) tile are
# not adjacent in the free axis, so one instruction covers dim 3 (32 elements) and dim 1 becomes 32 reduction
# blocks: a (P of dst, 32) partial_reduce tile in dst's dtype, no layout, no init.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def reduction():
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 32, 4, 32), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096):(1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((128, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
    T.trn.tile.tensorreduce(B_sbuf, A_sbuf, axes=(1, 3), reduce_op="sum")
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def reduction():
    T.device_entry()
    partial_reduce = T.alloc_tensor((128, 32), scope="trn.sbuf")
    A_sbuf = T.alloc_tensor((128, 32, 4, 32), scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 32 * 32 * 4):(1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((128, 4), scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
    T.trn.tile.tensorreduce(B_sbuf[0:128, 0:4], A_sbuf[0:128, 0:32, 0:4, 0:32], partial_reduce=partial_reduce, axes=[1, 3], reduce_op="sum")
