# The same access pattern in several nests, on two tensors of one type: each
# access gets its own loop variables, and a loop of extent 1 (whose variable
# the simplifier folds) gives a different result from the same text elsewhere.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    A = T.alloc_tensor((256, 8), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 8):(8 @ F, 1 @ P, 1 @ F)]))
    B = T.alloc_tensor((256, 8), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 8):(8 @ F, 1 @ P, 1 @ F)]))
    for p in range(128):
        for f in range(16):
            A[f // 8 * 128 + p, f % 8] = B[f // 8 * 128 + p, f % 8]
    for q in range(128):
        for g in range(16):
            B[g // 8 * 128 + q, g % 8] = A[g // 8 * 128 + q, g % 8]
    for q in range(128):
        for g in range(1):
            B[g // 8 * 128 + q, g % 8] = A[g // 8 * 128 + q, g % 8]
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 16), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor(ty_args=[T.Tensor((128, 16), "float32", scope="trn.sbuf")])
    for p in range(128):
        for f in range(16):
            A[p, f] = B[p, f]
    for q in range(128):
        for g in range(16):
            B[q, g] = A[q, g]
    for q in range(128):
        for g in range(1):
            B[q, 0] = A[q, 0]
