# No unit loop: the module comes back unchanged (loops of extent 2, a loop
# with a step, and a zero-trip loop are not unit loops).
from tvm_tirx.script import tirx as T

@T.function
def main():
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for p in range(2):
        for f in range(0, 4, 2):
            W[p, f] = T.float32(1)
    for z in range(0):
        W[0, z] = T.float32(2)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    W = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    for p in range(2):
        for f in range(0, 4, 2):
            W[p, f] = T.float32(1)
    for z in range(0):
        W[0, z] = T.float32(2)
