# expect: 7:1: unexpected indent
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    pass
        pass
