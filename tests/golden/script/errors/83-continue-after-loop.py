# expect: 8:5: 'continue' outside a loop
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    for i in T.serial(0, 4):
        A[0, i] = T.float32(0)
    continue
