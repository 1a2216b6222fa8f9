# The shard does not group by the shape (a dim ends inside an iter), so the
# flat index is split over the whole shard (chapter 02 §2.1).
# expect physical (4, 6)
# expect grouped no
# expect A[2, 3] = partition 1 free 5
# expect A[5, 3] = partition 3 free 5
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((6, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 6):(1 @ P, 1 @ F)]))
