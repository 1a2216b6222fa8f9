# The reference's test_dependent_condition, the no-op case: the condition uses
# the only loop's variable, a guard reading memory cannot move either, and a
# guard inside a statement list stays behind its siblings' loop.
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4,), "int32")):
    for i in T.serial(4):
        if i < 2:
            A[i] = 1
    for i in T.serial(4):
        if 0 < A[0]:
            A[i] = 1
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(A: T.Tensor((4,), "int32")):
    for i in T.serial(4):
        if i < 2:
            A[i] = 1
    for i in T.serial(4):
        if 0 < A[0]:
            A[i] = 1
