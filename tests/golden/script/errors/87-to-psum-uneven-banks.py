# expect: 8:74: layout cannot be converted to a PSUM layout: the F iter of extent 768 and stride 1 does not split evenly into banks of 512 elements
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout


@T.function
def main():
    acc = T.alloc_tensor((128, 768), "float32", scope="trn.psum", layout=TileLayout(S[(128, 768):(1 @ P, 1 @ F)]).to_psum())
