# Reference: test_compose_op_trn.py::test_unary_reduce_complex (softmax-style row sums with a per-row bias column; "PF"/"FPF" layouts).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    p = T.alloc_tensor((128, 8192), "float16", scope="trn.sbuf", layout="PF")
    rowsum_p = T.alloc_tensor((2, 128, 1), scope="trn.sbuf", layout="FPF")
    qk = T.alloc_tensor((2, 128, 8192), scope="trn.sbuf", layout="FPF")
    running_max = T.alloc_tensor((16384, 1), dtype="float32", scope="trn.sbuf", layout="PF")
    for i in range(4):
        T.trn.tile.activation_reduce(p[0:128, 0:8192], rowsum_p[i % 2, 0:128, 0], qk[i % 2, 0:128, 0:8192], bias=running_max[i * 128 : i * 128 + 128, 0], scale=T.float32(1.0), opcode="exp", reduce_op="sum", axes=[-1])
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    p = T.alloc_tensor((128, 8192), "float16", scope="trn.sbuf")
    rowsum_p = T.alloc_tensor((128, 2), scope="trn.sbuf")
    qk = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    running_max = T.alloc_tensor((128, 128), scope="trn.sbuf")
    for i, b_loop in T.grid(4, 1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(8192, annotations={"nki_dim": "F"}):
                T.nki.activation_reduce(rowsum_p[p_loop, i % 2], p[p_loop, f_loop], qk[p_loop, i % 2 * 8192 + f_loop], "exp", "add", running_max[p_loop, i], T.float32(1.0))
