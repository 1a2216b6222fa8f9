# expect: 6:18: argument 'result' of 'T.nki.memset' must be a tensor, got a string
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    T.nki.memset("A", T.float32(0))
