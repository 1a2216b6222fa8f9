# Binary and chain ops (test_binary_trn style).
from tvm_tirx.script import tirx as T


@T.function
def binary() -> None:
    T.device_entry()
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    b = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    c = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    T.trn.tile.tensortensor(c, a, b, opcode="add")
    T.trn.tile.tensortensor(c, a, b, opcode="max", max_inst_size=256)
    T.trn.tile.tensorscalar(c, a, 3.0, opcode="mul")
    T.trn.tile.tensorscalar(c, 3.0, a, opcode="sub")
    T.trn.tile.scalar_tensor_scalar(c, a, 2.0, 1.0, op0="mul", op1="add")
