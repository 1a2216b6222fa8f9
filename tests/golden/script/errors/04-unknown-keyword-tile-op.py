# expect: 7:43: unknown keyword argument 'opcod' for 'T.trn.tile.activation'; did you mean 'opcode'?
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    T.trn.tile.activation(A_sbuf, A_sbuf, opcod="exp")
