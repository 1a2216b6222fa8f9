# expect: 6:9: arithmetic on a tensor or handle is not supported; index the tensor first
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    x = A + 1
