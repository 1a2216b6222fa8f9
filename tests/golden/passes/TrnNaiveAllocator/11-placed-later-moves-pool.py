# The pool starts after the furthest placed allocation, wherever it appears.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor((1000,), ty_args=[T.Tensor((128, 6), "float32", scope="trn.sbuf")])
    C = T.alloc_tensor((100,), ty_args=[T.Tensor((128, 2), "float32", scope="trn.sbuf")])
    D = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor((1024,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor((1000,), ty_args=[T.Tensor((128, 6), "float32", scope="trn.sbuf")])
    C = T.alloc_tensor((100,), ty_args=[T.Tensor((128, 2), "float32", scope="trn.sbuf")])
    D = T.alloc_tensor((1040,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
