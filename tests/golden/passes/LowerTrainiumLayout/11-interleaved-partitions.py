# Chapter 02 §9.8: interleaved P iters; (7, 13) goes to partition 1, offset 85.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    Q = T.alloc_tensor(ty_args=[T.Tensor((12, 16), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 6, 4, 2, 2):(1 @ F, 1 @ P, 12 @ F, 6 @ P, 48 @ F)]))])
    Q[7, 13] = T.float32(1)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    Q = T.alloc_tensor(ty_args=[T.Tensor((12, 86), "float32", scope="trn.sbuf")])
    Q[1, 85] = T.float32(1)
