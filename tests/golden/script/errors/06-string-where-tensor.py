# expect: 7:21: argument 'dst' of 'T.trn.tile.load' must be a tensor, got a string
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    T.trn.tile.load("A_sbuf", A)
