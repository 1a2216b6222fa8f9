from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor((16,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    acc = T.alloc_tensor((0, 0), ty_args=[T.Tensor((8, 128, 512), "float32", scope="trn.psum")])
    C = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "bfloat16", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))])
    D = T.alloc_tensor(ty_args=[T.Tensor((256,), "float32", scope="shared", layout=None)])
    T.trn.tile.tensor_copy(B, A)
