# expect: 10:5: allocation 'A' is placed at 3 coordinates; an SBUF tensor takes one (its byte offset)
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

L = T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)])

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((0, 0, 0), ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=L)])
    T.trn.tile.memset(A, T.float32(0))
