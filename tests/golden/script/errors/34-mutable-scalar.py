# expect: 6:5: mutable scalar variables are not supported; bind an immutable value with 'x = expr' instead
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    x: T.int32 = 0
