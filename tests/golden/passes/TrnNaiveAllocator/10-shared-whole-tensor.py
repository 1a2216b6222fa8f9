# shared and shared.dyn tensors count the whole tensor.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    S1 = T.alloc_tensor(ty_args=[T.Tensor((4, 8), "float32", scope="shared")])
    S2 = T.alloc_tensor(ty_args=[T.Tensor((16,), "float16", scope="shared.dyn")])
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 2), "float32", scope="trn.sbuf")])
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    S1 = T.alloc_tensor((0,), ty_args=[T.Tensor((4, 8), "float32", scope="shared")])
    S2 = T.alloc_tensor((128,), ty_args=[T.Tensor((16,), "float16", scope="shared.dyn")])
    A = T.alloc_tensor((160,), ty_args=[T.Tensor((128, 2), "float32", scope="trn.sbuf")])
