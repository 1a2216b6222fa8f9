# The reference's test_nested_else_splits_once: `0 < n` copies the loop; the
# inner two-sided `0 < m` would copy it again, so it stays inside.
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4,), "int32"), n: T.int32, m: T.int32):
    for i in T.serial(4):
        if 0 < n:
            if 0 < m:
                A[i] = 1
            else:
                A[i] = 2
        else:
            A[i] = 3
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4,), "int32"), n: T.int32, m: T.int32):
    if 0 < n:
        for i in T.serial(4):
            if 0 < m:
                A[i] = 1
            else:
                A[i] = 2
    else:
        for i in T.serial(4):
            A[i] = 3
