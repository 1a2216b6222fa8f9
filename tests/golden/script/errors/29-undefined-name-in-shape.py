# expect: 5:23: name 'n' is not defined
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((n, 512), "float32")):
    pass
