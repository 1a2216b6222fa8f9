# expect: 5:41: invalid UTF-8 (byte 0xFF); source text must be UTF-8
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((128, 64), "float32ÿ")):
    A[0, 0] = T.float32(1)
