# expect: 8:7: unindent does not match any outer indentation level
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    for i in range(4):
        pass
      pass
