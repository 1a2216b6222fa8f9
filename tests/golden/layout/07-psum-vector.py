# Chapter 02 §9.7: a 1-D vector over 8 partitions, split into two banks.
# expect physical (2, 8, 512)
# expect A[4099] = bank 1 partition 3 free 0
# expect A[13] = bank 0 partition 5 free 1
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((8192,), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(2, 512, 8):(1 @ Bank, 1 @ F, 1 @ P)]))
