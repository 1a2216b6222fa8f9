from tvm_tirx.script import tirx as T


@T.function
def main(n: T.int32, A: T.Tensor((8,), "int32", layout=None)):
    for i in range(8):
        if i == n:
            break
        if i % 2 == 1:
            continue
        A[i] = i
    while A[0] < 100:
        A[0] = A[0] * 2
    for j in range(4):
        pass
