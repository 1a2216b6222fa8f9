# Chapter 03 §5.4 after LowerTrainiumLayout: the unit block loop `b_loop` goes;
# the loops carrying nki_dim stay.
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((512, 512), "float32", layout=None)):
    A_1 = T.decl_tensor(A.data, ty_args=[T.Tensor((262144,), "float32", layout=None)])
    A_sbuf = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 2048), "float32", scope="trn.sbuf")])
    for i, b_loop in T.grid(4, 1):
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(A_sbuf[p_loop, i * 512 + f_loop], A_1[i * 65536 + p_loop * 512 + f_loop])
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((512, 512), "float32", layout=None)):
    A_1 = T.decl_tensor(A.data, ty_args=[T.Tensor((262144,), "float32", layout=None)])
    A_sbuf = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 2048), "float32", scope="trn.sbuf")])
    for i in range(4):
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(A_sbuf[p_loop, i * 512 + f_loop], A_1[i * 65536 + p_loop * 512 + f_loop])
