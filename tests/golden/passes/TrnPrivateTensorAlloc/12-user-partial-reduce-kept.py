# Reference: test_private_alloc_trn.py::test_partial_workspace_specify: the user passes a partial_reduce tile large
# enough for the 8 reduction blocks; it is kept, and only the const_bias is created (inserted before the
# user's own allocations).
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def activation_reduce():
    T.device_entry()
    partial_reduce = T.alloc_tensor((128, 16), scope="trn.sbuf")
    A = T.alloc_tensor((32, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16 * 1024, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 1024, 128):(1024 @ F, 2048 @ F, 1 @ F, 1 @ P)]))
    C = T.alloc_tensor((1, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(1, 128):(1 @ F, 1 @ P)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B, C, A[i * 16 : i * 16 + 16], partial_reduce=partial_reduce, opcode="sqrt", reduce_op="sum", axes=(0, 1))
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def activation_reduce():
    T.device_entry()
    const_bias = T.alloc_tensor((128, 1024), scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(1024, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p_loop, f_loop], T.float32(0.0))
    partial_reduce = T.alloc_tensor((128, 16), scope="trn.sbuf")
    A = T.alloc_tensor((32, 512, 128), scope="trn.sbuf", layout=T.TileLayout(T.S[(16 * 1024, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 1024, 128):(1024 @ F, 2048 @ F, 1 @ F, 1 @ P)]))
    C = T.alloc_tensor((1, 128), scope="trn.sbuf", layout=T.TileLayout(T.S[(1, 128):(1 @ F, 1 @ P)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B[0:16, 0:512, 0:128], C[0, 0:128], A[i * 16:i * 16 + 16, 0:512, 0:128], const_bias=const_bias, partial_reduce=partial_reduce, opcode="sqrt", reduce_op="sum", axes=[0, 1])
