# expect: 8:5: error: allocation 'B' overlaps 'A' in SBUF (bytes 8..15) [input]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor((8,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
