# expect: 6:41: unknown keyword argument 'foo' for 'T.nki.memset'
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    T.nki.memset(A[0, 0], T.float32(0), foo=1)
