# The reference's test_sibling_statements: the statement list inside i is a
# boundary, so `0 < n` leaves j but not i.
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4, 4), "int32"), n: T.int32):
    for i in T.serial(4):
        A[i, 0] = 0
        for j in T.serial(4):
            if 0 < n:
                A[i, j] = 1
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4, 4), "int32"), n: T.int32):
    for i in T.serial(4):
        A[i, 0] = 0
        if 0 < n:
            for j in T.serial(4):
                A[i, j] = 1
