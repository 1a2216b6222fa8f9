# Without a layout dim 0 is the partition dim: C (128, 1024) takes 4096 bytes.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor([256, 512], "float32", scope="trn.sbuf", layout="PF")
    B = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF")
    C = T.alloc_tensor([128, 1024], "float32", scope="trn.sbuf")
    D = T.alloc_tensor([128, 8], "float32", scope="trn.sbuf")
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((256, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))])
    B = T.alloc_tensor((4096,), ty_args=[T.Tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))])
    C = T.alloc_tensor((12288,), ty_args=[T.Tensor((128, 1024), "float32", scope="trn.sbuf")])
    D = T.alloc_tensor((16384,), ty_args=[T.Tensor((128, 8), "float32", scope="trn.sbuf")])
