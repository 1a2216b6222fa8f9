# A bare function: the parser wraps it into a module under "main".
from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((4,), "float32")):
    A[0] = T.float32(1)
