# A region whose extent depends on the loop (a[:, 0:j+1, :]) is planned at its bound: up to 4 rows of 512
# are contiguous (2048 elements), cut to 512-element instructions, so 4 reduction blocks remain and the
# workspace is partial_reduce (128, 4) in the output's dtype, allocated once outside the loop.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def prefix_sum():
    T.device_entry()
    a = T.alloc_tensor((128, 4, 512), "float16", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 2048):(1 @ P, 1 @ F)]))
    s = T.alloc_tensor((128, 4), "bfloat16", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
    for j in range(4):
        T.trn.tile.tensorreduce(s[:, j], a[:, 0 : j + 1, :], axes=(1, 2), reduce_op="sum", max_inst_size=512)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def prefix_sum():
    T.device_entry()
    partial_reduce = T.alloc_tensor((128, 4), "bfloat16", scope="trn.sbuf")
    a = T.alloc_tensor((128, 4, 512), "float16", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 2048):(1 @ P, 1 @ F)]))
    s = T.alloc_tensor((128, 4), "bfloat16", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
    for j in range(4):
        T.trn.tile.tensorreduce(s[:, j], a[:, 0 : j + 1, :], partial_reduce=partial_reduce, axes=(1, 2), reduce_op="sum", max_inst_size=512)
