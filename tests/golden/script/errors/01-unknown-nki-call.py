# expect: 6:5: unknown TIRx call 'T.nki.memst'; did you mean 'T.nki.memset'?
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    T.nki.memst(A[0, 0], T.float32(0))
