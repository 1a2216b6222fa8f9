# expect: 6:9: view has 65664 elements but tensor 'A' has 65536
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    V = A.view(128, 513)
