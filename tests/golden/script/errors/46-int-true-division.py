# expect: 7:13: integer division with '/' is ambiguous; use '//' for floor division or T.truncdiv
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    for i in range(4):
        x = i / 2
