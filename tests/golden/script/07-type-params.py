from tvm_tirx.script import tirx as T


@T.function
def add_one[n](A: T.Tensor((n,), "float32", layout=None), B: T.Tensor((n,), "float32", layout=None)):
    for i in range(n):
        B[i] = A[i] + T.float32(1.0)
