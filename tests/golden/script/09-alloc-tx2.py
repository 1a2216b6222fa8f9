# TX2 allocation spellings (chapter 01 §5.3, §12 item 4).
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout


@T.function
def main(A_ptr: T.handle) -> None:
    T.device_entry()
    A = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    acc = T.alloc_tensor((8, 128, 512), scope="trn.psum", allocated_addr=[0, 0])
    B = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[4096])
    C = T.alloc_tensor([128, 1024], dtype="float16", scope="trn.sbuf")
    D = T.alloc_tensor([8, 128, 512], "float32", scope="global")
    E = T.alloc_tensor([256, 512], "float32", scope="trn.sbuf", layout="PF")
    T.trn.tile.tensor_copy(B[0:256, :], E)
