# expect: 7:17: '(' was never closed
# expect: 8:1: expected ')' to close the argument list, found end of line
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    T.nki.memset(A[0, 0], T.float32(0)
