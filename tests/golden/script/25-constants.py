from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((4,), "int64", layout=None), B: T.Tensor((4,), "float16", layout=None), C: T.Tensor((4,), "int8", layout=None), D: T.Tensor((4,), "bool", layout=None), E: T.Tensor((4,), "float32", layout=None)):
    A[0] = T.int64(1)
    A[1] = T.int64(-9)
    B[0] = T.float16(1.0)
    B[1] = T.float16(0.5)
    C[0] = T.int8(-1)
    D[0] = True
    D[1] = T.bool(False)
    E[0] = 1.0
    E[1] = T.float32(0.1)
    E[2] = T.float32(1e-05)
    E[3] = T.float32(-2.5)
