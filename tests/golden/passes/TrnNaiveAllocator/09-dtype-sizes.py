# Item sizes: bfloat16 2 bytes, int8 1, bool 1, float32 4, int64 8.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 10), "bfloat16", scope="trn.sbuf")])
    B = T.alloc_tensor(ty_args=[T.Tensor((128, 10), "int8", scope="trn.sbuf")])
    C = T.alloc_tensor(ty_args=[T.Tensor((128, 10), "bool", scope="trn.sbuf")])
    D = T.alloc_tensor(ty_args=[T.Tensor((128, 10), "int64", scope="trn.sbuf")])
    E = T.alloc_tensor(ty_args=[T.Tensor((128, 1), "float32", scope="trn.sbuf")])
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 10), "bfloat16", scope="trn.sbuf")])
    B = T.alloc_tensor((20,), ty_args=[T.Tensor((128, 10), "int8", scope="trn.sbuf")])
    C = T.alloc_tensor((30,), ty_args=[T.Tensor((128, 10), "bool", scope="trn.sbuf")])
    D = T.alloc_tensor((40,), ty_args=[T.Tensor((128, 10), "int64", scope="trn.sbuf")])
    E = T.alloc_tensor((120,), ty_args=[T.Tensor((128, 1), "float32", scope="trn.sbuf")])
