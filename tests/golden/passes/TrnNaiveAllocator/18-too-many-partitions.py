# expect: 7:5: error: allocation 'A' spans 256 partitions; aws/trn1/trn1.2xlarge has 128 [input]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor(ty_args=[T.Tensor((256, 4), "float32", scope="trn.sbuf")])
