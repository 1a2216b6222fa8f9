# A loop that never runs, a loop whose body does nothing and an evaluation of
# a pure expression go; the NKI instruction stays.
from tvm_tirx.script import tirx as T

@T.function
def main(n: T.int32):
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for z in range(0):
        W[0, z] = T.float32(1)
    for i in range(4):
        T.evaluate(n + 1)
    T.evaluate(n * 2)
    for p in range(128):
        T.nki.memset(W[p, 0], T.float32(0))
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(n: T.int32):
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for p in range(128):
        T.nki.memset(W[p, 0], T.float32(0))
