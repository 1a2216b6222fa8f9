# A store of an element to itself writes the value already there.
from tvm_tirx.script import tirx as T

@T.function
def main():
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for p in range(128):
        W[p, 3] = W[p, 3]
        W[p, 4] = W[p, 3]
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for p in range(128):
        W[p, 4] = W[p, 3]
