# Reference: test_copy_trn.py::test_explicit_transpose_prepares_identity_and_psum[copy_to_sbuf=False-columns=256] (the caller's identity + matmul transpose; TrnPrivateTensorAlloc adds nothing).
# passes: TrnPrivateTensorAlloc, TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    source = T.alloc_tensor((128, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 256):(1 @ P, 1 @ F)]))
    identity = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    accumulator = T.alloc_tensor((128, 128), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]), allocated_addr=[0, 0])
    result = T.alloc_tensor((256, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 128):(128 @ F, 1 @ P, 1 @ F)]))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(128, annotations={"nki_dim": "F"}):
                T.nki.identity(identity[p, f], 128)
    for block in range(2):
        T.trn.tile.matmul(accumulator, source[:, block * 128 : (block + 1) * 128], identity, transpose_A=True)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    source = T.alloc_tensor((128, 256), scope="trn.sbuf")
    identity = T.alloc_tensor((128, 128), scope="trn.sbuf")
    accumulator = T.alloc_tensor((1, 128, 128), scope="trn.psum", allocated_addr=[0, 0])
    result = T.alloc_tensor((128, 256), scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(128, annotations={"nki_dim": "F"}):
                T.nki.identity(identity[p, f], 128)
    for block in range(2):
        for lhs_b_loop, rhs_b_loop, reduction_b_loop in T.grid(1, 1, 1):
            T.nki.tensorized_instruction()
            for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "lhs_F"}):
                    for rhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "rhs_F"}):
                        T.nki.matmul(accumulator[0, lhs_f_loop, rhs_f_loop], source[p_loop, block * 128 + lhs_f_loop], identity[p_loop, rhs_f_loop], True)
