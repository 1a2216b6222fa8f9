# Reductions with every axes= spelling (test_reduction_trn style).
from tvm_tirx.script import tirx as T


@T.function
def reduce() -> None:
    T.device_entry()
    a = T.alloc_tensor((128, 4, 8, 16), "float32", scope="trn.sbuf", layout="PFFF")
    s = T.alloc_tensor((128, 8), "float32", scope="trn.sbuf", layout="PF")
    t = T.alloc_tensor((128, 4, 16), "float32", scope="trn.sbuf", layout="PFF")
    r = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout="PF")
    T.trn.tile.tensorreduce(t, a, axes=(2,), reduce_op="sum")
    T.trn.tile.tensorreduce(s, a, axes=(1, 3), reduce_op="max")
    T.trn.tile.tensorreduce(s[:, 0:4], a[:, :, 0:4, :], axes=[1, 3], reduce_op="min")
    for i in range(4):
        T.trn.tile.tensorreduce(r, t[:, i, :], axes=-1, reduce_op="sum")
