# Reference: test_compose_op_trn.py::test_unary_reduce_guard (symbolic extents in both dims of an activation_reduce).
# passes: TrnPrivateTensorAlloc, TileDispatch, LowerTrainiumLayout, StmtSimplify
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    C_sbuf = T.alloc_tensor((512,), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128):(1 @ F, 1 @ P)]))
    for j in range(4):
        for i in range(4):
            T.trn.tile.activation_reduce(B_sbuf[0 : 128 * (j + 1), 0 : 128 * (i + 1)], C_sbuf[0 : 128 * (j + 1)], A_sbuf[0 : 128 * (j + 1), 0 : 128 * (i + 1)], opcode="sqrt", reduce_op="sum", axes=[-1])
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    const_bias = T.alloc_tensor((128, 512), scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p_loop, f_loop], T.float32(0.0))
    A_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    C_sbuf = T.alloc_tensor((128, 4), scope="trn.sbuf")
    for j, i, b_loop in T.grid(4, 4, 4):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                if b_loop - j < 1 and f_loop < i * 128 + 128:
                    T.nki.activation_reduce(C_sbuf[p_loop, b_loop], B_sbuf[p_loop, b_loop * 512 + f_loop], A_sbuf[p_loop, b_loop * 512 + f_loop], "sqrt", "add", const_bias[p_loop, f_loop], T.float32(1.0))
