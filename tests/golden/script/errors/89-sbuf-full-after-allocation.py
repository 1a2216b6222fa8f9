# expect: 8:5: allocation 'C' needs 100000 bytes per partition at offset 100000, past the SBUF capacity of 196608 bytes per partition on aws/trn1/trn1.2xlarge
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 25000), "float32", layout=T.TileLayout(T.S[(128, 25000):(25000, 1)]))):
    T.device_entry()
    B = T.alloc_tensor((128, 25000), "float32", scope="trn.sbuf", layout="PF")
    C = T.alloc_tensor((128, 25000), "float32", scope="trn.sbuf", layout="PF")
    T.trn.tile.load(B, A)
    T.trn.tile.tensor_copy(C, B)
    T.trn.tile.store(A, C)
