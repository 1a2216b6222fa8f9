# Element store and load (API doc: A[0, 1, 0] = T.float32(1)).
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F


@T.function
def main():
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 2, 2), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))])
    A[0, 1, 0] = T.float32(1)
    A[1, 0, 1] = A[0, 1, 0] * T.float32(2.0)
