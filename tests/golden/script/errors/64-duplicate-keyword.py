# expect: 7:57: keyword argument 'opcode' repeated
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    T.trn.tile.activation(A_sbuf, A_sbuf, opcode="exp", opcode="sqrt")
