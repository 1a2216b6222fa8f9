# Chapter 02 §9.6 (reference test_gemm's accumulator after to_psum): the
# bank axis takes the rows in blocks of 256.
# expect physical (2, 128, 512)
# expect A[300, 200] = bank 1 partition 44 free 200
# expect A[200, 5] = bank 0 partition 72 free 261
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((512, 256), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(2, 2, 128, 2, 128):(1 @ Bank, 256 @ F, 1 @ P, 128 @ F, 1 @ F)]))
