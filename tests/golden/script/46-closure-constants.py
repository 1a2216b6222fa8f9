# Module-level constants the functions close over (chapter 01 §9).
from __future__ import annotations

from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

rows = cols = 128
src_shape = (rows * 2, cols * 4)
tile_shape = [rows, 512]
scale = 2.0
bias = T.float32(1.0)
name = "exp"
src_layout = TileLayout(S[src_shape:(cols * 4, 1)])
tile_type = T.Tensor(tile_shape, "float32", scope="trn.sbuf", layout="PF")


@T.function
def main(A: T.Tensor(src_shape, "float32", layout=src_layout)) -> None:
    T.device_entry()
    X = T.alloc_tensor(ty_args=[tile_type])
    Y = T.alloc_tensor(tile_shape, "float32", scope="trn.sbuf", layout="PF", allocated_addr=[16 * 1024])
    T.trn.tile.load(X, A[0:rows, 0:512])
    T.trn.tile.activation(Y, X, bias=bias, scale=scale, opcode=name)
