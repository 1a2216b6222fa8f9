# Chapter 02 §9.2: rows 0..127 fill the partitions, rows 128..255 the next
# 256 free elements of the same partitions, and so on.
# expect physical (128, 8192)
# expect A[300, 17] = partition 44 free 529
# expect A[127, 255] = partition 127 free 255
# expect A[128, 0] = partition 0 free 256
# expect used 1048576
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((4096, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(32, 128, 256):(256 @ F, 1 @ P, 1 @ F)]))
