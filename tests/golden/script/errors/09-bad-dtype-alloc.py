# expect: 6:36: unknown dtype 'bfloat61'; did you mean 'bfloat16'?
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    B = T.alloc_tensor((128, 512), "bfloat61", scope="trn.sbuf")
