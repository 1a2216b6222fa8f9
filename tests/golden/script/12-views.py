# Views are sugar for decl_tensor over the parent's storage (chapter 01 §5.4).
from tvm_tirx.script import tirx as T


@T.function
def main(A_ptr: T.handle) -> None:
    T.device_entry()
    A_sbuf = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF")
    B_sbuf = T.alloc_tensor([256, 512], "float32", scope="trn.sbuf", layout="PF")
    A_view = A_sbuf.view(128, 4, 512)
    B_view = B_sbuf.view(2, 256, 256)
    C_view = A_sbuf.view(2, 256, 512)
    T.trn.tile.tensor_copy(C_view[0], B_sbuf)
