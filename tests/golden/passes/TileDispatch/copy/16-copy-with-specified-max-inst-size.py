# Reference: test_copy_trn.py::test_copy_with_specified_max_inst_size (max_inst_size=128 gives four blocks).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A_ptr: T.handle):
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    B_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    T.trn.tile.tensor_copy(A_sbuf, B_sbuf, max_inst_size=128)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A_ptr: T.handle):
    A_sbuf = T.alloc_tensor((128, 512), scope="trn.sbuf", layout=None)
    B_sbuf = T.alloc_tensor((128, 512), scope="trn.sbuf", layout=None)
    for b_loop in T.serial(0, 4):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(128, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(A_sbuf[p_loop, b_loop * 128 + f_loop], B_sbuf[p_loop, b_loop * 128 + f_loop])
