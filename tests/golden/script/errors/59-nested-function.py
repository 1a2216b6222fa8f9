# expect: 6:5: nested functions and classes are not supported
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    def inner():
        pass
