# The reference's test_nested_loop_splits_once: the first two-sided condition
# copies the nest; the second one (`j < 2`, in the else) stays where it is, so
# that chains of conditions cannot multiply the loops.
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4, 4, 4), "int32")):
    for i in T.serial(4):
        for j in T.serial(4):
            for k in T.serial(4):
                if i < 2:
                    A[i, j, k] = 1
                elif j < 2:
                    A[i, j, k] = 2
                else:
                    A[i, j, k] = 3
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
                    if j < 2:
                        A[i, j, k] = 2
                    else:
                        A[i, j, k] = 3
