# Chapter 02 §9.8: P interleaved with F, two shard entries on P and three
# on F.
# expect physical (12, 86)
# expect A[7, 13] = partition 1 free 85
# expect A[5, 2] = partition 11 free 0
# expect used 192
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((12, 16), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 6, 4, 2, 2):(1 @ F, 1 @ P, 12 @ F, 6 @ P, 48 @ F)]))
