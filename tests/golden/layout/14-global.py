# Chapter 02 §9.11: a global tensor's layout is linear memory; one row,
# the flat row-major offset.
# expect physical (262144,)
# expect A[300, 17] = partition 0 free 153617
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((512, 512), "float32", scope="global", layout=T.TileLayout(T.S[(4, 128, 512):(512 * 128, 512, 1)]))
