# expect: 8:54: qualifier 'opcode' of 'T.trn.tile.activation' must be a Python constant (string, integer, boolean or list), not an IR expression
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    for i in range(4):
        T.trn.tile.activation(A_sbuf, A_sbuf, opcode=i)
