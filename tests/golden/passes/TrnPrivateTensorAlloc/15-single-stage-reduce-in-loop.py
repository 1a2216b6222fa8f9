# A reduction that one instruction covers needs no partial_reduce (chapter 05 example 4.5-A): the 512
# elements of a[:, :, i] are 4 apart, one strided instruction per row. The module is unchanged.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def reduction():
    T.device_entry()
    a = T.alloc_tensor((128, 512, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512, 4):(1 @ P, 4 @ F, 1 @ F)]))
    s = T.alloc_tensor((128, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
    for i in range(4):
        T.trn.tile.tensorreduce(s[:, i], a[:, :, i], axes=-2, reduce_op="sum")
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def reduction():
    T.device_entry()
    a = T.alloc_tensor((128, 512, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512, 4):(1 @ P, 4 @ F, 1 @ F)]))
    s = T.alloc_tensor((128, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
    for i in range(4):
        T.trn.tile.tensorreduce(s[0:128, i], a[0:128, 0:512, i], axes=[-2], reduce_op="sum")
