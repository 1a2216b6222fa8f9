# Chapter 02 §9.9: size against span; only 64 of every 456 free slots hold
# an element.
# expect physical (8, 456)
# expect A[13, 5] = partition 5 free 69
# expect used 512
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((64, 8), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(8, 8, 8):(64 @ F, 1 @ P, 1 @ F)]))
