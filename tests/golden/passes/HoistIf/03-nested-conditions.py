# The reference's test_nested_conditions: `0 < n` uses no loop variable and
# leaves the whole nest; `i < 2` stays inside i.
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4, 4), "int32"), n: T.int32):
    for i in T.serial(4):
        if i < 2:
            for j in T.serial(4):
                if 0 < n:
                    A[i, j] = 1
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4, 4), "int32"), n: T.int32):
    if 0 < n:
        for i in T.serial(4):
            if i < 2:
                for j in T.serial(4):
                    A[i, j] = 1
