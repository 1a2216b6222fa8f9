# expect: 6:11: tensor 'A' has no attribute 'foo'
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    x = A.foo
