# The reference's test_enclosing_else_is_preserved: `0 < n` has no else of its
# own, but the enclosing `if i < 2` has one inside the destination loop, so
# the loop is copied; in the copy where n <= 0 only the else side remains,
# which RemoveNoOp writes as `if not i < 2`.
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4,), "int32"), n: T.int32):
    for i in T.serial(4):
        if i < 2:
            if 0 < n:
                A[i] = 1
        else:
            A[i] = 2
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4,), "int32"), n: T.int32):
    if 0 < n:
        for i in T.serial(4):
            if i < 2:
                A[i] = 1
            else:
                A[i] = 2
    else:
        for i in T.serial(4):
            if not i < 2:
                A[i] = 2
