# expect: 20:11: sequence is too long (more than 100000 items)
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    a0 = (1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    a1 = a0 + a0
    a2 = a1 + a1
    a3 = a2 + a2
    a4 = a3 + a3
    a5 = a4 + a4
    a6 = a5 + a5
    a7 = a6 + a6
    a8 = a7 + a7
    a9 = a8 + a8
    a10 = a9 + a9
    a11 = a10 + a10
    a12 = a11 + a11
    a13 = a12 + a12
    a14 = a13 + a13
    a15 = a14 + a14
    a16 = a15 + a15
    A[0, 0] = T.float32(0)
