# expect: 6:9: sequence is too long (more than 100000 items)
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    s = (1, 1, 1, 1) * 4611686018427387904
    A[0, 0] = T.float32(0)
