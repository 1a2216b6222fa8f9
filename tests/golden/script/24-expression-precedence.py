from tvm_tirx.script import tirx as T


@T.function
def main(a: T.int32, b: T.int32, c: T.int32, A: T.Tensor((1024,), "int32", layout=None)):
    A[0] = (a + b) * c
    A[1] = a - (b - c)
    A[2] = a - b - c
    A[3] = a // (b * c)
    A[4] = a // 16 * 64 + a % 4 * 16
    A[5] = -a + b
    A[6] = a * -1
    A[7] = T.Select(a < b and (b > c or a == c), a, b)
    A[8] = T.Select(not (a <= b), 1, 0)
    A[9] = (a + 1) * 512 - 512
