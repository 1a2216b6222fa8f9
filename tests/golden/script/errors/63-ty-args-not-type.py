# expect: 6:32: ty_args must be a list holding one T.Tensor(...) type
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    B = T.alloc_tensor(ty_args=[5])
