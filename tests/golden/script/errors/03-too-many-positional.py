# expect: 7:32: too many positional arguments for 'T.trn.tile.load': expected at most 2, got 3
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    T.trn.tile.load(A_sbuf, A, A)
