# expect: 6:9: integer overflow: the result does not fit in 64 bits
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    n = (-9223372036854775807 - 1) // -1
    A[0, n] = T.float32(0)
