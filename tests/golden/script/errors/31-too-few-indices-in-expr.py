# expect: 6:9: tensor 'A' has rank 2 but 1 index was given
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    x = A[0] + 1.0
