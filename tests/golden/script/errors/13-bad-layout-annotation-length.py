# expect: 6:72: invalid layout: layout annotation 'PFF' has 3 letters but the shape has 2 dimensions
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    B = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PFF")
