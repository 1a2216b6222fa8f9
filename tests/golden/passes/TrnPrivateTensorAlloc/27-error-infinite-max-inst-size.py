# expect: 10:5: error: constant bias workspace allocation requires a finite max_inst_size [TrnPrivateTensorAlloc]
# max_inst_size=-1 means "unbounded" to the planner, but a constant-bias tile needs a width.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def bad():
    T.device_entry()
    x = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    T.trn.tile.activation(x, x, bias=1.0, opcode="exp", max_inst_size=-1)
