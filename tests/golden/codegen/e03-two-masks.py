# Error: two if statements inside one tensorized instruction.
from tvm.script import tirx as T

@T.prim_func
def bad(A: T.Tensor((128, 512), "float32"), B: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            if p < 64:
                for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                    if f < 100:
                        T.nki.load(a[p, f], A[p, f])
# expect: 12:21: error: a tensorized instruction can have only one if statement (its mask)
