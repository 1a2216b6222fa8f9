# expect: 6:47: too many positional arguments for 'T.alloc_tensor': expected at most 2 (shape, dtype)
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    B = T.alloc_tensor((128, 512), "float32", "trn.sbuf")
