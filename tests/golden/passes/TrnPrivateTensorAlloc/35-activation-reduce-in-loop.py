# Ported from the reference's test_activation_reduce_in_loop (its TrnPrivateTensorAlloc step): reducing the
# 512 contiguous elements of dim 1 is one instruction per row, so only the default-bias tile is needed,
# (128, 512) from the plan's instruction size; C's dim 0 splits like B's (2, 4, 2) when the two are linked.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def activation_reduce():
    T.device_entry()
    A = T.alloc_tensor((32, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16384, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 1024, 128):(1024 @ F, 2048 @ F, 1 @ F, 1 @ P)]))
    C = T.alloc_tensor((16, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 2, 128):(2 @ F, 4 @ F, 1 @ F, 1 @ P)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B, C, A[i * 16 : i * 16 + 16], opcode="sqrt", reduce_op="sum", axes=1)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def activation_reduce():
    T.device_entry()
    const_bias = T.alloc_tensor((128, 512), scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p_loop, f_loop], T.float32(0.0))
    A = T.alloc_tensor((32, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16384, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 1024, 128):(1024 @ F, 2048 @ F, 1 @ F, 1 @ P)]))
    C = T.alloc_tensor((16, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 2, 128):(2 @ F, 4 @ F, 1 @ F, 1 @ P)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B, C, A[i * 16 : i * 16 + 16], const_bias=const_bias, opcode="sqrt", reduce_op="sum", axes=1)
