from tvm_tirx.script import tirx as T


@T.function
def main(n: T.int32, A: T.Tensor((64,), "int32", layout=None)):
    x = n * 2
    y: T.let = x + 1
    z: T.let[T.int32] = y // 2
    A[z] = x + y
