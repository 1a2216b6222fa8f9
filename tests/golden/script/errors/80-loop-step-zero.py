# expect: 6:34: the loop step must not be 0
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    for i in T.serial(0, 4, step=0):
        A[0, i] = T.float32(0)
