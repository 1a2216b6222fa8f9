# An unrolled unit loop carries the pragma_unroll annotation, so it is not a
# plain unit loop and stays.
# expect: 9:5: warning: the pragma annotations of loop 'u' stay on the loop: the reference turns them into attribute statements, which the explorer does not represent [LowerTIRxOpaque]
from tvm_tirx.script import tirx as T

@T.function
def main():
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for u in T.serial(0, 1, unroll=True):
        W[0, u] = T.float32(1)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for u in T.serial(0, 1, unroll=True):
        W[0, u] = T.float32(1)
