# An `if` whose branches do nothing goes; an empty else goes; an empty then
# with a useful else becomes `if not cond:` (the reference's RemoveNoOp).
from tvm_tirx.script import tirx as T

@T.function
def main(n: T.int32):
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for p in range(128):
        if p < n:
            T.evaluate(0)
        if p < 4:
            W[p, 0] = T.float32(1)
        else:
            T.evaluate(p)
        if n < p:
            T.evaluate(0)
        else:
            W[p, 1] = T.float32(2)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main(n: T.int32):
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for p in range(128):
        if p < 4:
            W[p, 0] = T.float32(1)
        if not n < p:
            W[p, 1] = T.float32(2)
