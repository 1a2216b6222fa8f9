# TileLayout shard spellings (chapter 02 §4.1, chapter 01 §12 item 7).
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

hbm_layout = TileLayout(S[(128, 512):(512, 1)])
pf_layout = T.TileLayout(T.S[(128, 512):(1@P, 1@F)])
blocked = T.TileLayout(T.S[(4, 128, 512) : (512 * 128, 512, 1)])
wide = TileLayout(S[(128, 32 * 32 * 16):(1 @ P, 1 @ F)])
extents_only = T.TileLayout(T.S[4, 8])
one_iter = T.TileLayout(T.S[64])
one_strided = T.TileLayout(T.S[64:2])


@T.function
def main(
    A: T.Tensor((128, 512), "float32", layout=hbm_layout),
    B: T.Tensor((512, 512), "float32", layout=blocked),
    C: T.Tensor((4, 8), "float32", layout=extents_only),
    D: T.Tensor((64,), "float32", layout=one_iter),
    E: T.Tensor((64,), "float32", layout=one_strided),
):
    T.device_entry()
    X = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=pf_layout)
    Y = T.alloc_tensor((128, 16384), "float32", scope="trn.sbuf", layout=wide)
    T.trn.tile.load(X, A)
