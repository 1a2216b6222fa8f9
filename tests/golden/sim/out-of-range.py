# The free index f + 1 reaches column 32 of a 32-column tile: a located
# error at the call (line 17, column 17), naming the first bad element.
from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((16, 32), "float32"), C: T.Tensor((16, 32), "float32")):
    T.func_attr({"num_inputs": 1})
    x = T.alloc_tensor((0,), ty_args=[T.Tensor((16, 32), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(32, annotations={"nki_dim": "F"}):
                T.nki.load(x[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(32, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], x[p, f + 1])
