# expect: 6:5: unterminated triple-quoted string literal
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    """docstring
    pass
