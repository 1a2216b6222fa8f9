# Lowered Trainium IR: the guard uses only the outer loop's j, but loops
# carrying nki_dim are boundaries, so the instruction nest keeps its shape
# and a warning says the reference would have moved the guard.
# expect: 13:20: warning: this condition does not depend on loop 'f_loop' but stays inside it: HoistIf does not move conditions out of loops carrying nki_dim, so the instruction nest keeps its shape (the reference would move it) [HoistIf]
from tvm_tirx.script import tirx as T

@T.function
def main(n: T.int32):
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    for j in T.serial(4):
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 128, annotations={"nki_dim": "F"}):
                if j < n:
                    T.nki.memset(W[p_loop, j * 128 + f_loop], T.float32(0))
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(n: T.int32):
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    for j in T.serial(4):
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 128, annotations={"nki_dim": "F"}):
                if j < n:
                    T.nki.memset(W[p_loop, j * 128 + f_loop], T.float32(0))
