# A replica keeps a second copy of each element four free slots further.
# expect physical (128, 8)
# expect copies 2
# expect A[9, 3] = partition 9 free 3
# expect A[9, 3] copy 1 = partition 9 free 7
# expect used 1024
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((128, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)] + T.R[(2,):(4 @ F,)]))
