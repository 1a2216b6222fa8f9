# The reference's test_guarded_division and test_zero_trip_division: a
# division by a variable could trap once evaluated before its guard or before
# a loop that never runs, so neither condition moves.
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4,), "int32"), n: T.int32):
    for i in T.serial(4):
        if i < n:
            if 1 < 100 // n:
                A[i] = 1
    for i in T.serial(n):
        if 1 < 100 // n:
            A[i] = 1
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4,), "int32"), n: T.int32):
    for i in T.serial(4):
        if i < n:
            if 1 < 100 // n:
                A[i] = 1
    for i in T.serial(n):
        if 1 < 100 // n:
            A[i] = 1
