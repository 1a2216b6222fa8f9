# expect: 7:73: the layout covers 65536 elements but the shape (128, 1024) has 131072
from tvm.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    B = T.alloc_tensor((128, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
