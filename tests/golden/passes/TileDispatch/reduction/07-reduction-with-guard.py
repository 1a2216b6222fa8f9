# Reference: test_reduction_trn.py::test_reduction_with_guard (symbolic extents: both stages guarded).
# passes: TrnPrivateTensorAlloc, TileDispatch, LowerTrainiumLayout, StmtSimplify
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 2048), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 2048):(2048 @ F, 1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((512, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128):(1 @ F, 1 @ P)]))
    for i in range(4):
        for j in range(4):
            T.trn.tile.tensorreduce(B_sbuf[0 : (i + 1) * 128, 0], A_sbuf[0 : (i + 1) * 128, 0 : (j + 1) * 256], max_inst_size=512, reduce_op="sum")
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    intermediate_tensor = T.alloc_tensor((128, 2), scope="trn.sbuf")
    A_sbuf = T.alloc_tensor((128, 8192), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 4), scope="trn.sbuf")
    for i, j in T.grid(4, 4):
        for b_loop in range(4):
            for reduction_b_loop in range(2):
                T.nki.tensorized_instruction()
                for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
                    for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                        if b_loop - i < 1 and reduction_b_loop * 512 + f_loop < j * 256 + 256:
                            T.nki.tensorreduce(intermediate_tensor[p_loop, reduction_b_loop], A_sbuf[p_loop, b_loop * 2048 + reduction_b_loop * 512 + f_loop], "add", T.bool(False), -1)
            T.nki.tensorized_instruction()
            for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
                for f_loop in T.serial(2, annotations={"nki_dim": "F"}):
                    if b_loop - i < 1 and f_loop * 2 - j < 1:
                        T.nki.tensorreduce(B_sbuf[p_loop, b_loop], intermediate_tensor[p_loop, f_loop], "add", T.bool(False), -1)
