# An offset on F shifts every element four free slots on; the span counts
# it, so the first four slots of each partition are gaps.
# expect physical (16, 12)
# expect A[3, 2] = partition 3 free 6
# expect A[15, 7] = partition 15 free 11
# expect used 128
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((16, 8), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(16, 8):(1 @ P, 1 @ F)] + 4 @ F))
