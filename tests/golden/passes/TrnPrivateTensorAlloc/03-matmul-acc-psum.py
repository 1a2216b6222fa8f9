# A matmul into SBUF gets an (8, P, 512) PSUM accumulator at bank 0, offset 0.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

L = T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)])

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=L)])
    B = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=L)])
    C = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=L)])
    T.trn.tile.matmul(C, A, B, C, False, False, T.float32(1.0), T.float32(0.0))
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

L = T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)])

@T.function
def main():
    T.device_entry()
    acc_psum = T.alloc_tensor((0, 0), ty_args=[T.Tensor((8, 128, 512), "float32", scope="trn.psum")])
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=L)])
    B = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=L)])
    C = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=L)])
    T.trn.tile.matmul(C, A, B, C, False, False, T.float32(1.0), T.float32(0.0), acc_psum=acc_psum)
