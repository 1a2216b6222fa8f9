# expect: 5:13: invalid annotation for parameter 'A'; expected T.Tensor(...), T.handle or a dtype
from tvm.script import tirx as T

@T.function
def main(A: 5):
    pass
