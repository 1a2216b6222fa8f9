# A statement that is a bare expression (not a call) prints as T.evaluate(...),
# which must parse back to the same statement (found by the parser fuzzer).
from tvm_tirx.script import tirx as T


@T.function
def main():
    X = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    for q in T.serial(4, unroll=True):
        X[q, 0] != T.float32(1.0)
    T.evaluate(X[1, 1] + T.float32(2.0))
