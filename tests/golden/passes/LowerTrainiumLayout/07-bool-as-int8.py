# Booleans are stored as int8: stores cast to int8, loads cast back to bool.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    M = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "bool", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))])
    N = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "bool", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))])
    M[3, 1] = T.bool(True)
    N[0, 0] = M[3, 1]
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    M = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "int8", scope="trn.sbuf")])
    N = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "int8", scope="trn.sbuf")])
    M[3, 1] = T.int8(1)
    N[0, 0] = T.Cast("int8", T.Cast("bool", M[3, 1]))
