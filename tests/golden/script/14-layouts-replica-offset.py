# Replicas, offsets and TileLayout.from_iters (chapter 02 §4.1).
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, R, S, TileLayout, Iter


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((8, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(8, 128):(512 @ F, 1 @ P)] + T.R[(2,):(4 @ F,)]))
    B = T.alloc_tensor((128, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 64):(1 @ P, 1 @ F)] + 4 @ F))
    C = T.alloc_tensor((16,), "float32", scope="shared", layout=T.TileLayout(T.S[16] + 2))
    D = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout.from_iters(shard=[T.Iter(128, 1, "P"), T.Iter(512, 1, "F")], replica=[], offset={}))
    T.trn.tile.tensor_copy(D, B)
