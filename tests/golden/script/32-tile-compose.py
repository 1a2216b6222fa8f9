# Composed ops: activation_reduce and tensorscalar_reduce (test_compose_op_trn style).
from tvm_tirx.script import tirx as T


@T.function
def compose() -> None:
    T.device_entry()
    p = T.alloc_tensor((128, 8192), "float16", scope="trn.sbuf", layout="PF")
    rs = T.alloc_tensor((2, 128, 1), "float32", scope="trn.sbuf", layout="FPF")
    qk = T.alloc_tensor((2, 128, 8192), "float32", scope="trn.sbuf", layout="FPF")
    mx = T.alloc_tensor((16384, 1), "float32", scope="trn.sbuf", layout="PF")
    t = T.alloc_tensor((128, 4, 8), "float32", scope="trn.sbuf", layout="PFF")
    r = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout="PF")
    a = T.alloc_tensor((128, 4, 8), "float32", scope="trn.sbuf", layout="PFF")
    for i in range(4):
        T.trn.tile.activation_reduce(p[0:128, 0:8192], rs[i % 2, 0:128, 0], qk[i % 2, 0:128, 0:8192],
                                     bias=mx[i*128:i*128+128, 0], scale=1.0,
                                     opcode="exp", reduce_op="sum", axes=[-1])
    T.trn.tile.tensorscalar_reduce(t, r, a, 1.0, opcode="add", reduce_op="sum", axes=(1, 2))
