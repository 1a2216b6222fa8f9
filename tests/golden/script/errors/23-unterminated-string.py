# expect: 7:21: '(' was never closed
# expect: 7:40: unterminated string literal
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    T.nki.activation(A[0, 0], A[0, 0], "exp)
