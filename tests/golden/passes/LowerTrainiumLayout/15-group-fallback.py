# (6, 4) on F cannot be cut at the boundary of a (4, 6) shape: Apply flattens instead.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    G = T.alloc_tensor(ty_args=[T.Tensor((4, 6), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(6, 4):(4 @ F, 1 @ F)]))])
    G[2, 3] = T.float32(0)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    G = T.alloc_tensor(ty_args=[T.Tensor((1, 24), "float32", scope="trn.sbuf")])
    G[0, 15] = T.float32(0)
