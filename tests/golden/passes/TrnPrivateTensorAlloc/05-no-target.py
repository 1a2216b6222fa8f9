# target: none
# expect: 6:1: error: TrnPrivateTensorAlloc requires a Trainium target on the function or in the current target scope [TrnPrivateTensorAlloc]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
