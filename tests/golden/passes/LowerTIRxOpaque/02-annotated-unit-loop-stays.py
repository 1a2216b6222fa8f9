# A loop that runs once but carries an annotation keeps its meaning and stays;
# only the unannotated unit loop around it goes.
from tvm_tirx.script import tirx as T

@T.function
def main():
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 1), "float32", scope="trn.sbuf")])
    for b_loop in T.serial(0, 1):
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 1, annotations={"nki_dim": "F"}):
                T.nki.memset(W[p_loop, f_loop + b_loop], T.float32(0))
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 1), "float32", scope="trn.sbuf")])
    for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
        for f_loop in T.serial(0, 1, annotations={"nki_dim": "F"}):
            T.nki.memset(W[p_loop, f_loop + 0], T.float32(0))
