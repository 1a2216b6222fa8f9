# expect: 6:11: closing parenthesis ']' does not match opening parenthesis '('
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    x = (1]
