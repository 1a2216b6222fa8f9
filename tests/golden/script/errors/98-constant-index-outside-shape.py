# expect: 7:5: store to 'A': index 200 is outside dimension 0 of extent 128 (valid: 0..127)
# expect: 8:15: load from 'A': index -1 is outside dimension 1 of extent 64 (valid: 0..63)
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((128, 64), "float32")):
    A[200, 3] = T.float32(1)
    A[0, 0] = A[5, -1]
