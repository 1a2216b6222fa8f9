# expect: 7:5: allocation 'Acc' needs 16 PSUM banks; aws/trn1/trn1.2xlarge has banks 0..7
from tvm.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    Acc = T.alloc_tensor((128, 8192), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(128, 16, 512):(1 @ P, 1 @ Bank, 1 @ F)]))
