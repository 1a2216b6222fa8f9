# Chapter 02 §9.6: the gemm accumulator in PSUM gets a bank dimension.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    C = T.alloc_tensor(ty_args=[T.Tensor((512, 256), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(2, 2, 128, 2, 128):(1 @ Bank, 256 @ F, 1 @ P, 128 @ F, 1 @ F)]))])
    C[300, 200] = T.float32(0)
    C[200, 5] = T.float32(1)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    C = T.alloc_tensor(ty_args=[T.Tensor((2, 128, 512), "float32", scope="trn.psum")])
    C[1, 44, 200] = T.float32(0)
    C[0, 72, 261] = T.float32(1)
