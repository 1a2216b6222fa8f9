# expect: 7:9: '(' was never closed
# expect: 7:21: '(' was never closed
# expect: 7:33: expected an expression, found end of line
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512),