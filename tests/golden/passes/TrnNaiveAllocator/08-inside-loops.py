# Allocations inside loops are placed in textual order like any other.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 16), "float32", scope="trn.sbuf")])
    for i in range(4):
        B = T.alloc_tensor(ty_args=[T.Tensor((128, 32), "float32", scope="trn.sbuf")])
        for j in range(2):
            C = T.alloc_tensor(ty_args=[T.Tensor((128, 8), "float32", scope="trn.sbuf")])
    D = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 16), "float32", scope="trn.sbuf")])
    for i in range(4):
        B = T.alloc_tensor((64,), ty_args=[T.Tensor((128, 32), "float32", scope="trn.sbuf")])
        for j in range(2):
            C = T.alloc_tensor((192,), ty_args=[T.Tensor((128, 8), "float32", scope="trn.sbuf")])
    D = T.alloc_tensor((224,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
