# expect: 7:33: positional argument follows keyword argument
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    T.trn.tile.load(dst=A_sbuf, A)
