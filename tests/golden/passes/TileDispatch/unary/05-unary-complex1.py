# Reference: test_unary_trn.py::test_unary_complex1 (two contiguous free iters fuse to 8192, cut into 16 blocks of 512).
# passes: TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((4096, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 256):(256 @ F, 1 @ P, 1 @ F)]))
    T.trn.tile.memset(A_sbuf, T.float32(0.0))
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 8192), scope="trn.sbuf")
    for b_loop in T.serial(0, 16):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.memset(A_sbuf[p_loop, b_loop * 512 + f_loop], T.float32(0.0))
