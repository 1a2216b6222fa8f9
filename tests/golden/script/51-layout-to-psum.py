# Layouts converted with .to_psum() (chapter 02 §7.2), as the reference's gemm tests write them: bound to a name, inline, and on a layout that needs no bank split. The module keeps the converted layout only, so it prints with its Bank iters.
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

C_layout = TileLayout(S[(2, 128, 2, 128):(256 @ F, 1 @ P, 128 @ F, 1 @ F)]).to_psum()


@T.function
def gemm() -> None:
    T.device_entry()
    wide = T.alloc_tensor((256, 256), "float32", scope="trn.psum", layout=C_layout)
    banks = T.alloc_tensor((256, 1024), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(2, 128, 1024):(1024 @ F, 1 @ P, 1 @ F)]).to_psum())
    vector = T.alloc_tensor((8192,), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(1024, 8):(1 @ F, 1 @ P)]).to_psum())
    small = T.alloc_tensor((128, 128), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]).to_psum())
    T.trn.tile.memset(small, T.float32(0.0))
