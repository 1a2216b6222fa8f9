# expect: 7:7: augmented assignment is not supported; TIRx variables are immutable
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    x = 1
    x += 1
