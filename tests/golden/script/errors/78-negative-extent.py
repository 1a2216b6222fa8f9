# expect: 6:30: shape extents of 'T.alloc_tensor' must not be negative
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    B = T.alloc_tensor((128, -4), "float32", scope="trn.sbuf")
