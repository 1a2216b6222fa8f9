# Reference: test_private_alloc_trn.py::test_activation_reduce_two_stage: without max_inst_size both workspaces come
# from the plan. The source slice A[i*16:i*16+16] (bounded by the loop) stays linear for 1024 elements, so
# the instruction is 1024 wide and 8 reduction blocks remain: partial_reduce (128, 8) first, then a
# (128, 1024) const_bias in dst's dtype filled with the default bias 0.0.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def activation_reduce():
    T.device_entry()
    A = T.alloc_tensor((32, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16 * 1024, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 1024, 128):(1024 @ F, 2048 @ F, 1 @ F, 1 @ P)]))
    C = T.alloc_tensor((1, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(1, 128):(1 @ F, 1 @ P)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B, C, A[i * 16 : i * 16 + 16], opcode="sqrt", reduce_op="sum", axes=(0, 1))
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def activation_reduce():
    T.device_entry()
    partial_reduce = T.alloc_tensor((128, 8), scope="trn.sbuf")
    const_bias = T.alloc_tensor((128, 1024), scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(1024, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p_loop, f_loop], T.float32(0.0))
    A = T.alloc_tensor((32, 512, 128), scope="trn.sbuf", layout=T.TileLayout(T.S[(16 * 1024, 128):(1 @ F, 1 @ P)]))
    B = T.alloc_tensor((16, 512, 128), scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 4, 1024, 128):(1024 @ F, 2048 @ F, 1 @ F, 1 @ P)]))
    C = T.alloc_tensor((1, 128), scope="trn.sbuf", layout=T.TileLayout(T.S[(1, 128):(1 @ F, 1 @ P)]))
    for i in range(2):
        T.trn.tile.activation_reduce(B[0:16, 0:512, 0:128], C[0, 0:128], A[i * 16:i * 16 + 16, 0:512, 0:128], const_bias=const_bias, partial_reduce=partial_reduce, opcode="sqrt", reduce_op="sum", axes=[0, 1])
