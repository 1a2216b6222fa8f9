# expect: 6:18: name 'B' is not defined
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    T.nki.memset(B[0, 0], T.float32(0))
