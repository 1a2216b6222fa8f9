# expect: 6:30: integer overflow: the result does not fit in 64 bits
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    B = T.alloc_tensor((128, 2**64), "float32", scope="trn.sbuf")
