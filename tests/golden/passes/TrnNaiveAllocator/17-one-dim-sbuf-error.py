# expect: 7:5: error: allocation 'v' is in SBUF without a layout and so needs at least two dimensions (partitions first) [TrnNaiveAllocator]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    v = T.alloc_tensor(ty_args=[T.Tensor((128,), "float32", scope="trn.sbuf")])
