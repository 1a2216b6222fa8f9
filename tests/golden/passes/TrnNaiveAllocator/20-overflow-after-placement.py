# expect: 8:5: error: allocation 'B' needs 40000 bytes per partition at offset 160000, past the SBUF capacity of 196608 bytes per partition on aws/trn1/trn1.2xlarge [TrnNaiveAllocator]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 40000), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor(ty_args=[T.Tensor((128, 10000), "float32", scope="trn.sbuf")])
