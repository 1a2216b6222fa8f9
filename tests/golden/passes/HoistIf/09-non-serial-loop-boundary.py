# The reference's test_non_default_loop_boundary: a parallel loop is not a
# destination and hides the loops outside it, so `0 < n` leaves k only.
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4, 4, 4), "int32"), n: T.int32):
    for i in T.serial(4):
        for j in T.parallel(4):
            for k in T.serial(4):
                if 0 < n:
                    A[i, j, k] = 1
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4, 4, 4), "int32"), n: T.int32):
    for i in T.serial(4):
        for j in T.parallel(4):
            if 0 < n:
                for k in T.serial(4):
                    A[i, j, k] = 1
