# expect: 7:5: error: allocation 'A' has a non-constant shape; the allocator cannot size it [TrnNaiveAllocator]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(n: T.int32):
    A = T.alloc_tensor(ty_args=[T.Tensor((128, n), "float32", scope="trn.sbuf")])
