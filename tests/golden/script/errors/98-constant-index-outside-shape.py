# expect: 7:5: index 200 is outside dimension 0 of 'A', of extent 128 (valid: 0..127)
# expect: 8:15: index -1 is outside dimension 1 of 'A', of extent 64 (valid: 0..63)
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((128, 64), "float32")):
    A[200, 3] = T.float32(1)
    A[0, 0] = A[5, -1]
