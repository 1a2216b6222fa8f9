# The reference's test_outermost_independent_loop: `i < 2` uses only i, so it
# moves out of j and k; it has an else, so the loops are copied into both
# branches, each keeping only its side.
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4, 4, 4), "int32")):
    for i in T.serial(4):
        for j in T.serial(4):
            for k in T.serial(4):
                if i < 2:
                    A[i, j, k] = 1
                else:
                    A[i, j, k] = 2
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4, 4, 4), "int32")):
    for i in T.serial(4):
        if i < 2:
            for j in T.serial(4):
                for k in T.serial(4):
                    A[i, j, k] = 1
        else:
            for j in T.serial(4):
                for k in T.serial(4):
                    A[i, j, k] = 2
