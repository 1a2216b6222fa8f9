# Non-constant sizes outside the counted scopes are left alone.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(n: T.int32):
    G = T.alloc_tensor(ty_args=[T.Tensor((n, 128), "float32")])
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(n: T.int32):
    G = T.alloc_tensor(ty_args=[T.Tensor((n, 128), "float32")])
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
