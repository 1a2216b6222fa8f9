# PSUM tensors keep whatever placement they have; this pass places SBUF only.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    acc = T.alloc_tensor(ty_args=[T.Tensor((8, 128, 512), "float32", scope="trn.psum")])
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 64), "bfloat16", scope="trn.sbuf")])
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    acc = T.alloc_tensor(ty_args=[T.Tensor((8, 128, 512), "float32", scope="trn.psum")])
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "bfloat16", scope="trn.sbuf")])
