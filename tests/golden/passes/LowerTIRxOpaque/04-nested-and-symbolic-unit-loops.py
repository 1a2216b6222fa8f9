# Nested unit loops all go; a loop from j to j + 1 runs once too, and its
# variable becomes j. The statements of a removed loop join the enclosing list.
from tvm_tirx.script import tirx as T

@T.function
def main(j: T.int32):
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for a in range(1):
        for b in range(1):
            for k in range(j, j + 1):
                W[a, b + k] = T.float32(1)
                W[a, k] = T.float32(2)
    W[1, 1] = T.float32(3)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(j: T.int32):
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    W[0, 0 + j] = T.float32(1)
    W[0, j] = T.float32(2)
    W[1, 1] = T.float32(3)
