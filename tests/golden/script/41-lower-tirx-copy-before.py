# test_copy_in_a_loop input (chapter 03 §5.4): TX2 spelling.
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout


@T.function
def copy(A: T.Tensor((512, 512), "float32", layout=T.TileLayout(T.S[(4, 128, 512):(512*128, 512, 1)]))) -> None:
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    for i in range(4):
        T.trn.tile.load(A_sbuf[i*128:i*128+128, :], A[i*128:i*128+128, :])
