# expect: 6:5: tensor 'A' has rank 2 but 3 indices were given
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    A[0, 1, 2] = T.float32(1)
