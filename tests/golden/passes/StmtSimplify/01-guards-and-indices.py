# Conditions decided by the loop ranges go, undecided guards stay, indices reach the
# reference's canonical form and a unit loop's variable folds to its value.
from tvm_tirx.script import tirx as T

@T.function
def main(j: T.int32):
    W = T.alloc_tensor(ty_args=[T.Tensor((128, 1024), "float32", scope="trn.sbuf")])
    for b in range(1):
        for p in range(128):
            for f in range(512):
                if f < 512:
                    W[p, (b * 128 + f) * 2 // 2] = T.float32(0)
                if f < j * 128:
                    W[p, (f + 512) % 512] = T.float32(1)
                if f > 600:
                    W[p, f] = T.float32(2)
                W[p, f] = W[p, f]
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(j: T.int32):
    W = T.alloc_tensor(ty_args=[T.Tensor((128, 1024), "float32", scope="trn.sbuf")])
    for b in range(1):
        for p in range(128):
            for f in range(512):
                W[p, f] = T.float32(0)
                if f < j * 128:
                    W[p, f] = T.float32(1)
