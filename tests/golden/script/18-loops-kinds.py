from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((64,), "int32", layout=None)):
    for i in T.parallel(8):
        A[i] = i
    for j in T.unroll(4):
        A[j + 8] = j
    for k in T.vectorized(4, 8):
        A[k + 16] = k
    for m in T.serial(4, annotations={"pragma_key": 1}):
        A[m + 32] = m
