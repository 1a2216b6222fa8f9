# expect: 10:5: allocation 'A' has the negative stride -1 on axis F in its layout; a Trainium layout's offsets grow from the tensor's base
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

L = T.TileLayout(T.S[(128, 128):(1 @ P, -1 @ F)])

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=L)])
    T.trn.tile.memset(A, T.float32(0))
