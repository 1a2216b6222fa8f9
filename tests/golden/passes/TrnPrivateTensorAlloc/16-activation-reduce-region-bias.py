# activation_reduce with a per-row bias tile and a reduction one instruction covers (chapter 05 example
# 4.10): the bias is a region, so no const_bias; one 8192-wide instruction per row, so no partial_reduce.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def softmax_sum():
    T.device_entry()
    p = T.alloc_tensor((128, 8192), "float16", scope="trn.sbuf", layout="PF")
    rs = T.alloc_tensor((2, 128, 1), "float32", scope="trn.sbuf", layout="FPF")
    qk = T.alloc_tensor((2, 128, 8192), "float32", scope="trn.sbuf", layout="FPF")
    mx = T.alloc_tensor((16384, 1), "float32", scope="trn.sbuf", layout="PF")
    for i in range(4):
        T.trn.tile.activation_reduce(p[0:128, 0:8192], rs[i % 2, 0:128, 0], qk[i % 2, 0:128, 0:8192], bias=mx[i * 128 : i * 128 + 128, 0], scale=1.0, opcode="exp", reduce_op="sum", axes=[-1])
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def softmax_sum():
    T.device_entry()
    p = T.alloc_tensor((128, 8192), "float16", scope="trn.sbuf", layout="PF")
    rs = T.alloc_tensor((2, 128, 1), "float32", scope="trn.sbuf", layout="FPF")
    qk = T.alloc_tensor((2, 128, 8192), "float32", scope="trn.sbuf", layout="FPF")
    mx = T.alloc_tensor((16384, 1), "float32", scope="trn.sbuf", layout="PF")
    for i in range(4):
        T.trn.tile.activation_reduce(p[0:128, 0:8192], rs[i % 2, 0:128, 0], qk[i % 2, 0:128, 0:8192], bias=mx[i * 128 : i * 128 + 128, 0], scale=1.0, opcode="exp", reduce_op="sum", axes=[-1])
