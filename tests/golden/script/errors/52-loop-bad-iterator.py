# expect: 6:14: unsupported loop iterator 'T.loop'; expected range, T.serial, T.parallel, T.unroll, T.vectorized or T.grid
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    for i in T.loop(4):
        pass
