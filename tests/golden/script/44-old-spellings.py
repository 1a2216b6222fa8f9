# TX1 spellings the parser maps onto the same IR: T.prim_func, T.Buffer, T.alloc_buffer.
from tvm_tirx.script import tirx as T


@T.prim_func
def main(X: T.Buffer((128, 64), "float32", layout=None)):
    xs = T.alloc_buffer((128, 64), scope="trn.sbuf", layout=None, allocated_addr=0)
    for p in range(128):
        xs[p, 0] = X[p, 0]
