# expect: 5:9: invalid non-printable character U+200B in a name
from tvm_tirx.script import tirx as T

@T.function
def main​(A: T.Tensor((128, 64), "float32")):
    A[0, 0] = T.float32(1)
