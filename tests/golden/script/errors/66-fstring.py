# expect: 6:9: f-strings are not supported
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    x = f"abc"
