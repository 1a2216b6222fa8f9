# Reference: test_compose_op_trn.py::test_simple_tensor_scalar_reduce (B = A + 1.0 and its row sum in one instruction).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((128, 512), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    B = T.alloc_tensor((128, 512), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    C = T.alloc_tensor((128, 1), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    T.trn.tile.tensorscalar_reduce(B, C, A, T.float32(1.0), opcode="add", reduce_op="sum", axes=1)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A = T.alloc_tensor((128, 512), scope="trn.sbuf")
    B = T.alloc_tensor((128, 512), scope="trn.sbuf")
    C = T.alloc_tensor((128, 1), scope="trn.sbuf")
    for b_loop in range(1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensorscalar_reduce(C[p_loop, 0], B[p_loop, f_loop], A[p_loop, f_loop], T.float32(1.0), "add", "add", T.bool(False))
