# Tile calls that need no workspace are left alone: copies, memset, element-wise ops, an activation whose
# bias is a tile, a matmul into PSUM, and a reduction one instruction covers.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def plain(X: T.Tensor((128, 512), "float32")):
    T.device_entry()
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    b = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    col = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout="PF")
    acc = T.alloc_tensor((128, 128), "float32", scope="trn.psum", layout="PF")
    T.trn.tile.load(a, X)
    T.trn.tile.memset(b, 0.0)
    T.trn.tile.tensor_copy(b, a)
    T.trn.tile.tensortensor(b, a, b, opcode="add")
    T.trn.tile.tensorscalar(b, a, 2.0, opcode="mul")
    T.trn.tile.reciprocal(b, a)
    T.trn.tile.tensorreduce(col, a, axes=-1, reduce_op="max")
    T.trn.tile.activation(b, a, bias=col, opcode="exp")
    T.trn.tile.matmul(acc, a[:, 0:128], b[:, 0:128])
    T.trn.tile.store(X, b)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def plain(X: T.Tensor((128, 512), "float32")):
    T.device_entry()
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    b = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    col = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout="PF")
    acc = T.alloc_tensor((128, 128), "float32", scope="trn.psum", layout="PF")
    T.trn.tile.load(a, X)
    T.trn.tile.memset(b, 0.0)
    T.trn.tile.tensor_copy(b, a)
    T.trn.tile.tensortensor(b, a, b, opcode="add")
    T.trn.tile.tensorscalar(b, a, 2.0, opcode="mul")
    T.trn.tile.reciprocal(b, a)
    T.trn.tile.tensorreduce(col, a, axes=-1, reduce_op="max")
    T.trn.tile.activation(b, a, bias=col, opcode="exp")
    T.trn.tile.matmul(acc, a[:, 0:128], b[:, 0:128])
    T.trn.tile.store(X, b)
