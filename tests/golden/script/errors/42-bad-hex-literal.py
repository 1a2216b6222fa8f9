# expect: 6:9: invalid hexadecimal literal
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    x = 0xZZ
