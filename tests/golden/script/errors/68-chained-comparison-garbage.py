# expect: 6:12: expected an expression, found end of line
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    x = 1 +
