# expect: 7:123: to_psum() takes no arguments
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

@T.function
def main():
    acc = T.alloc_tensor((128, 512), "float32", scope="trn.psum", layout=TileLayout(S[(128, 512):(1 @ P, 1 @ F)]).to_psum(2))
