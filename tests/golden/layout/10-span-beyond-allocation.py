# Chapter 02 §9.9, second case: the span (4095) exceeds the 2048 elements
# per partition the naive allocator reserves.
# expect physical (128, 4095)
# expect A[5, 1, 130] = partition 1 free 1796
# expect A[511, 1, 255] = partition 127 free 4094
# expect used 262144
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((512, 2, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 8, 2, 128):(1 @ P, 512 @ F, 256 @ F, 2 @ F)]))
