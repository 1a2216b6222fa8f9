# tensorscalar_reduce with a per-partition column as the scalar operand: the column is broadcast along the
# free axis, so the step is tensor-scalar and the instruction follows dst (2048 contiguous elements, cut to
# 512). Four reduction blocks remain: partial_reduce (128, 4) in the reduced output's dtype (float16).
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def scaled_sum():
    T.device_entry()
    a = T.alloc_tensor((128, 2048), "float32", scope="trn.sbuf", layout="PF")
    t = T.alloc_tensor((128, 2048), "float32", scope="trn.sbuf", layout="PF")
    col = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout="PF")
    r = T.alloc_tensor((128, 1), "float16", scope="trn.sbuf", layout="PF")
    T.trn.tile.tensorscalar_reduce(t, r, a, col, opcode="mul", reduce_op="sum", axes=-1, max_inst_size=512)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def scaled_sum():
    T.device_entry()
    partial_reduce = T.alloc_tensor((128, 4), "float16", scope="trn.sbuf")
    a = T.alloc_tensor((128, 2048), "float32", scope="trn.sbuf", layout="PF")
    t = T.alloc_tensor((128, 2048), "float32", scope="trn.sbuf", layout="PF")
    col = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout="PF")
    r = T.alloc_tensor((128, 1), "float16", scope="trn.sbuf", layout="PF")
    T.trn.tile.tensorscalar_reduce(t, r, a, col, partial_reduce=partial_reduce, opcode="mul", reduce_op="sum", axes=-1, max_inst_size=512)
