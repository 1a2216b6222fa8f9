from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((16, 16), "float32", layout=None)):
    for i in range(16):
        A[i, 0] = T.float32(0.0)
    for i in range(2, 16):
        A[i, i] = T.float32(1.0)
    for b_loop in T.serial(0, 4):
        A[b_loop, 1] = T.float32(2.0)
    for k in T.serial(0, 16, step=4):
        A[k, 2] = T.float32(3.0)
