# A layout with two F iters: 256*256 elements over 128 partitions = 512 per partition.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor(ty_args=[T.Tensor((256, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 256):(256 @ F, 1 @ P, 1 @ F)]))])
    B = T.alloc_tensor(ty_args=[T.Tensor((64, 8), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(64, 8):(1 @ P, 1 @ F)]))])
    C = T.alloc_tensor(ty_args=[T.Tensor((128, 1), "float32", scope="trn.sbuf")])
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((256, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 256):(256 @ F, 1 @ P, 1 @ F)]))])
    B = T.alloc_tensor((2048,), ty_args=[T.Tensor((64, 8), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(64, 8):(1 @ P, 1 @ F)]))])
    C = T.alloc_tensor((2080,), ty_args=[T.Tensor((128, 1), "float32", scope="trn.sbuf")])
