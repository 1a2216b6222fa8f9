# Activation with constant and tensor bias (test_unary_trn / test_private_alloc_trn style).
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

L4096 = T.TileLayout(T.S[(128, 4096):(1@P, 1@F)])
bias = T.float32(1.0)


@T.function
def act() -> None:
    T.device_entry()
    x = T.alloc_tensor((512, 1024), "float32", scope="trn.sbuf", layout=L4096)
    y = T.alloc_tensor((512, 1024), "float32", scope="trn.sbuf", layout=L4096)
    col = T.alloc_tensor((512, 1), "float32", scope="trn.sbuf", layout="PF")
    T.trn.tile.activation(y, x, bias=bias, scale=2.0, opcode="exp")
    T.trn.tile.activation(y, y, opcode="sqrt")
    T.trn.tile.activation(y[0:512, 0:1024], x[0:512, 0:1024], scale=T.float32(2.0), bias=col[0:512, 0])
    T.trn.tile.reciprocal(x, y)
    T.trn.tile.memset(x, T.float32(0.0))
