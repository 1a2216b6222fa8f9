# expect: 6:10: unknown TIRx call 'T.launch'
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    with T.launch():
        pass
