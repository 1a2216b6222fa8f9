# Error: nki_dim on one loop of an instruction but not on the other.
from tvm.script import tirx as T

@T.prim_func
def bad(A: T.Tensor((128, 512), "float32"), B: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in range(512):
                T.nki.load(a[p, f], A[p, f])
# expect: 10:13: error: nki_dim must be given for all loops of a tensorized instruction or for none of them
