# Ported from the reference's test_reduction_with_guard (its TrnPrivateTensorAlloc step): extents that grow
# with the loops are planned at their bounds (512 rows, 1024 columns); 1024 contiguous columns cut to
# 512-element instructions leave 2 reduction blocks, so partial_reduce is (128, 2).
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def reduction():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 2048), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 2048):(2048 @ F, 1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((512, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128):(1 @ F, 1 @ P)]))
    for i in range(4):
        for j in range(4):
            T.trn.tile.tensorreduce(B_sbuf[0 : (i + 1) * 128, 0], A_sbuf[0 : (i + 1) * 128, 0 : (j + 1) * 256], max_inst_size=512, reduce_op="sum")
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def reduction():
    T.device_entry()
    partial_reduce = T.alloc_tensor((128, 2), scope="trn.sbuf")
    A_sbuf = T.alloc_tensor((512, 2048), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 2048):(2048 @ F, 1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((512, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128):(1 @ F, 1 @ P)]))
    for i in range(4):
        for j in range(4):
            T.trn.tile.tensorreduce(B_sbuf[0 : (i + 1) * 128, 0], A_sbuf[0 : (i + 1) * 128, 0 : (j + 1) * 256], partial_reduce=partial_reduce, max_inst_size=512, reduce_op="sum")
