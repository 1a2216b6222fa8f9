# Both dims split over P and F: rows over two F blocks and 64 partitions,
# columns over two F entries.
# expect physical (64, 16)
# expect A[100, 6] = partition 36 free 14
# expect A[63, 7] = partition 63 free 11
# expect used 1024
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((128, 8), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 64, 2, 4):(4 @ F, 1 @ P, 8 @ F, 1 @ F)]))
