# Ported from the reference's test_unary_reduce_guard (its TrnPrivateTensorAlloc step): a 512-column row is
# one instruction, so no partial_reduce; the default bias needs a (128, 512) const_bias sized by the plan.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def unary_reduce():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    C_sbuf = T.alloc_tensor((512,), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128):(1 @ F, 1 @ P)]))
    for j in range(4):
        for i in range(4):
            T.trn.tile.activation_reduce(B_sbuf[0 : 128 * (j + 1), 0 : 128 * (i + 1)], C_sbuf[0 : 128 * (j + 1)], A_sbuf[0 : 128 * (j + 1), 0 : 128 * (i + 1)], opcode="sqrt", reduce_op="sum", axes=[-1])
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def unary_reduce():
    T.device_entry()
    const_bias = T.alloc_tensor((128, 512), scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p_loop, f_loop], T.float32(0.0))
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    C_sbuf = T.alloc_tensor((512,), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128):(1 @ F, 1 @ P)]))
    for j in range(4):
        for i in range(4):
            T.trn.tile.activation_reduce(B_sbuf[0 : 128 * (j + 1), 0 : 128 * (i + 1)], C_sbuf[0 : 128 * (j + 1)], A_sbuf[0 : 128 * (j + 1), 0 : 128 * (i + 1)], const_bias=const_bias, opcode="sqrt", reduce_op="sum", axes=[-1])
