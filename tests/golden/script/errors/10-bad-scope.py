# expect: 6:53: unknown storage scope 'trn.sbuff'; did you mean 'trn.sbuf'?
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    B = T.alloc_tensor((128, 512), "float32", scope="trn.sbuff")
