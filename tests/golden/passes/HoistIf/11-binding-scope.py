# The reference's test_binding_scope: the binding and the loop after it form
# a statement list, a boundary; `0 < x` reads a value bound inside i, so it
# leaves j only.
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4, 4), "int32")):
    for i in T.serial(4):
        x = A[i, 0]
        for j in T.serial(4):
            if 0 < x:
                A[i, j] = 1
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4, 4), "int32")):
    for i in T.serial(4):
        x = A[i, 0]
        if 0 < x:
            for j in T.serial(4):
                A[i, j] = 1
