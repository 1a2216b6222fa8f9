# Axes other than P, F and Bank print through the Axis class, which needs no
# import, so the printed module parses again (found by the parser fuzzer).
from tvm_tirx.script import tirx as T


@T.function
def main():
    R = T.alloc_tensor(ty_args=[T.Tensor((32, 4), "float32", scope="local", layout=T.TileLayout(T.S[(32, 4):((1, "tx"), 1)]))])
    W = T.alloc_tensor(ty_args=[T.Tensor((4, 32), "float32", scope="local", layout=T.TileLayout(T.S[(4, 32):(32, 1 @ Axis.laneid)] + 2 @ Axis.warpid))])
