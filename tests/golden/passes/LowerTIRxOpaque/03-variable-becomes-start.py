# A unit loop that does not start at 0: its variable becomes the start value,
# with no simplification (StmtSimplify comes after).
from tvm_tirx.script import tirx as T

@T.function
def main():
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for p in range(128):
        for k in range(3, 4):
            W[p, k * 16 + 1] = T.float32(1)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for p in range(128):
        W[p, 3 * 16 + 1] = T.float32(1)
