# Reference: test_copy_trn.py::test_copy_with_inst_size_limit (tensor_copy is cut into 512-element instructions).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A_ptr: T.handle):
    T.device_entry()
    B_sbuf = T.alloc_tensor((512, 4096), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 4096):(4096 @ F, 1 @ P, 1 @ F)]))
    A_sbuf = T.alloc_tensor((512, 4096), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 4096):(4096 @ F, 1 @ P, 1 @ F)]))
    for i in range(4):
        T.trn.tile.tensor_copy(A_sbuf[i * 128 : i * 128 + 128, :], B_sbuf[i * 128 : i * 128 + 128, :])
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A_ptr: T.handle):
    B_sbuf = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    A_sbuf = T.alloc_tensor((128, 16384), scope="trn.sbuf")
    for i, b_loop in T.grid(4, 8):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(A_sbuf[p_loop, i * 4096 + b_loop * 512 + f_loop], B_sbuf[p_loop, i * 4096 + b_loop * 512 + f_loop])
