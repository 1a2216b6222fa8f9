# Reference: test_private_alloc_trn.py::test_no_rewrite_with_existing_workspace: a two-stage tensorreduce whose
# partial_reduce the user already passes is left exactly as it is.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def reduction():
    T.device_entry()
    intermediate_tensor = T.alloc_tensor((128, 64), scope="trn.sbuf")
    A_sbuf = T.alloc_tensor((128, 32, 4, 32), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096):(1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((128, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
    T.trn.tile.tensorreduce(B_sbuf, A_sbuf, axes=(1, 3), partial_reduce=intermediate_tensor, reduce_op="sum")
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def reduction():
    T.device_entry()
    intermediate_tensor = T.alloc_tensor((128, 64), scope="trn.sbuf")
    A_sbuf = T.alloc_tensor((128, 32, 4, 32), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096):(1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((128, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
    T.trn.tile.tensorreduce(B_sbuf, A_sbuf, axes=(1, 3), partial_reduce=intermediate_tensor, reduce_op="sum")
