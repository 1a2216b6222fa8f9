# expect: 6:5: 'else' without a matching 'if'
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    else:
        pass
