# expect: 8:9: name 'B' is not defined
# expect: 9:9: name 'C' is not defined
# expect: 10:5: unknown TIRx call 'T.nki.memst'; did you mean 'T.nki.memset'?
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    x = B
    y = C
    T.nki.memst(A[0, 0], T.float32(0))
