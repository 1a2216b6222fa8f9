# expect: 6:5: 'break' outside a loop
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    break
