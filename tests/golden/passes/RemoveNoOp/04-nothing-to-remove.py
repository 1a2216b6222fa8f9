# Nothing to remove: the module comes back unchanged.
from tvm_tirx.script import tirx as T

@T.function
def main(n: T.int32):
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for p in range(128):
        if p < n:
            W[p, 0] = T.float32(1)
        T.nki.memset(W[p, 1], T.float32(0))
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(n: T.int32):
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for p in range(128):
        if p < n:
            W[p, 0] = T.float32(1)
        T.nki.memset(W[p, 1], T.float32(0))
