# expect: 5:34: unknown dtype 'flaot32'; did you mean 'float32'?
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "flaot32")):
    pass
