# expect: 12:5: error: cannot plan the workspaces of 'T.trn.tile.tensorreduce': the instruction size 768 is not a multiple of the max instruction size 512 [TrnPrivateTensorAlloc]
# A 768-element row cut to 512-element instructions would leave a remainder; the planner never emits one,
# so the partial_reduce workspace cannot be planned.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def bad():
    T.device_entry()
    a = T.alloc_tensor((128, 768), "float32", scope="trn.sbuf", layout="PF")
    s = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout="PF")
    T.trn.tile.tensorreduce(s, a, axes=-1, reduce_op="sum", max_inst_size=512)
