# The reference's test_multiple_loop_dependencies: `i + j < 2` stays inside j
# and moves out of k only; without an else the loop is not copied.
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4, 4, 4), "int32")):
    for i in T.serial(4):
        for j in T.serial(4):
            for k in T.serial(4):
                if i + j < 2:
                    A[i, j, k] = 1
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4, 4, 4), "int32")):
    for i in T.serial(4):
        for j in T.serial(4):
            if i + j < 2:
                for k in T.serial(4):
                    A[i, j, k] = 1
