# expect: 8:5: error: allocation 'big' needs 262144 bytes per partition, more than the SBUF capacity of 196608 bytes per partition on aws/trn1/trn1.2xlarge [input]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    big = T.alloc_tensor(ty_args=[T.Tensor((128, 65536), "float32", scope="trn.sbuf")])
