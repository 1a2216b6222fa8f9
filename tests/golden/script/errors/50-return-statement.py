# expect: 6:5: return statements are not supported in TIRx functions
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    return 1
