# Reference: test_compose_op_trn.py::test_simple_activation_reduce (sqrt and a row sum; the default bias becomes a const_bias tile).
# passes: TrnPrivateTensorAlloc, TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((128, 512), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    B = T.alloc_tensor((128, 512), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    C = T.alloc_tensor((128, 1), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    T.trn.tile.activation_reduce(B, C, A, opcode="sqrt", reduce_op="sum", axes=1)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    const_bias = T.alloc_tensor((128, 512), scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p_loop, f_loop], T.float32(0.0))
    A = T.alloc_tensor((128, 512), scope="trn.sbuf")
    B = T.alloc_tensor((128, 512), scope="trn.sbuf")
    C = T.alloc_tensor((128, 1), scope="trn.sbuf")
    for b_loop in range(1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.activation_reduce(C[p_loop, 0], B[p_loop, f_loop], A[p_loop, f_loop], "sqrt", "add", const_bias[p_loop, f_loop], T.float32(1.0))
