# expect: 12:5: error: cannot plan the workspaces of 'T.trn.tile.tensorscalar_reduce': a tensor-tensor step is not supported for a vector reduce: the second operand must be a float constant or a per-partition column [TrnPrivateTensorAlloc]
# tensorscalar_reduce with a full tile as rhs would need a tensor-tensor instruction, which cannot reduce.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def bad():
    T.device_entry()
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    b = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    r = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout="PF")
    T.trn.tile.tensorscalar_reduce(a, r, a, b, opcode="mul", reduce_op="sum", axes=-1)
