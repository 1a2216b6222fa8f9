# Each parameter's declaration is prepended in turn: the last parameter's comes first.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main(A: T.Tensor((4, 8), "float32"), B: T.Tensor((16,), "float32")):
    A[1, 2] = B[3]
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main(A: T.Tensor((4, 8), "float32", layout=None), B: T.Tensor((16,), "float32", layout=None)):
    B_1 = T.decl_tensor(B.data, ty_args=[T.Tensor((16,), "float32", layout=None)])
    A_1 = T.decl_tensor(A.data, ty_args=[T.Tensor((32,), "float32", layout=None)])
    A_1[10] = B_1[3]
