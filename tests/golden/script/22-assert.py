from tvm_tirx.script import tirx as T


@T.function
def main(n: T.int32, A: T.Tensor((8,), "int32", layout=None)):
    assert n > 0, "n must be positive"
    assert n < 9
    A[0] = n
