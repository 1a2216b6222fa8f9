# Chapter 02 §9.12: a view regroups its parent's layout by the view's shape and is
# declared over the physical parent.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 2048):(1 @ P, 1 @ F)]))
    A_view = A_sbuf.view(128, 4, 512)
    for i in range(4):
        for f in range(512):
            A_view[5, i, f] = T.float32(0)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    A_sbuf = T.alloc_tensor(ty_args=[T.Tensor((128, 2048), "float32", scope="trn.sbuf")])
    A_view = T.decl_tensor(A_sbuf.data, ty_args=[T.Tensor((128, 2048), "float32", scope="trn.sbuf")])
    for i in range(4):
        for f in range(512):
            A_view[5, i * 512 + f] = T.float32(0)
