# expect: 7:36: slice steps are not supported in tensor regions
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    T.trn.tile.load(A_sbuf, A[0:128:2, :])
