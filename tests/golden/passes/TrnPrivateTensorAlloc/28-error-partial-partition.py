# expect: 11:5: error: cannot plan the workspaces of 'T.trn.tile.tensorreduce': invalid layout: the region of 'a' covers part of the partition dimension [TrnPrivateTensorAlloc]
# Half of a 128-partition tile cannot be planned: a region may not cut through the partition axis.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def bad():
    T.device_entry()
    a = T.alloc_tensor((128, 32, 32), "float32", scope="trn.sbuf", layout="PFF")
    s = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout="PF")
    T.trn.tile.tensorreduce(s[0:64, 0], a[0:64, :, :], axes=(1, 2), reduce_op="sum", max_inst_size=32)
