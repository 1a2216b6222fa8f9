from tvm_tirx.script import tirx as T


@T.function
def main(a: T.int32, b: T.int32, x: T.float32, A: T.Tensor((8,), "int32", layout=None), F: T.Tensor((8,), "float64", layout=None)):
    A[0] = T.min(a, b)
    A[1] = T.max(a + 1, b)
    A[2] = T.Div(a, b)
    A[3] = T.truncmod(a, b)
    F[0] = T.Cast("float64", x)
    A[4] = T.Select(a < b, a, b)
