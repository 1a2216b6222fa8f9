# Reference: apache/tvm test_binary_trn.py::test_binary_complex[op_type=sub-operands_type=const_region] (through views, one row block per i)
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((1024, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096):(1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 2048):(1 @ P, 1 @ F)]))
    C_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 2048):(1 @ P, 1 @ F)]))
    A_sbuf_view = A_sbuf.view(128, 8, 512)
    B_sbuf_view = B_sbuf.view(128, 4, 512)
    C_sbuf_view = C_sbuf.view(128, 4, 512)
    for i in range(4):
        T.trn.tile.tensorscalar(C_sbuf_view[:, i, :], T.float32(3.0), A_sbuf_view[:, i * 2, :], opcode="sub")
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 4096), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    C_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    A_sbuf_view = T.decl_tensor((128, 4096), data=A_sbuf.data, scope="trn.sbuf", layout=None)
    B_sbuf_view = T.decl_tensor((128, 2048), data=B_sbuf.data, scope="trn.sbuf", layout=None)
    C_sbuf_view = T.decl_tensor((128, 2048), data=C_sbuf.data, scope="trn.sbuf", layout=None)
    for i, b_loop in T.grid(4, 1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensorscalar(C_sbuf_view[p_loop, i * 512 + f_loop], A_sbuf_view[p_loop, i * 1024 + f_loop], T.float32(3.0), "sub", T.bool(True))
