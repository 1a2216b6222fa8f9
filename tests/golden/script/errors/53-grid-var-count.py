# expect: 6:17: T.grid has 1 extents but 2 loop variables were given
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    for i, j in T.grid(4):
        pass
