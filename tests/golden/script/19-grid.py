from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((2, 2, 4), "float32", layout=None)):
    for i, k in T.grid(2, 2):
        A[i, k, 0] = T.float32(1.0)
    for i, j, b_loop in T.grid(2, 2, 4):
        A[i, j, b_loop] = T.float32(2.0)
    for i in range(2):
        for j in range(i + 1):
            A[i, j, 3] = T.float32(3.0)
