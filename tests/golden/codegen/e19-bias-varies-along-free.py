# Error: an activation bias that changes along the free loop (a loaded tile): nisa.activation adds one value per
# partition, and the current API has no form for a per-element bias.
# api: nki
from tvm.script import tirx as T

@T.prim_func
def act(A: T.Tensor((128, 512), "float32"), Bias: T.Tensor((128, 512), "float32"), C: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 2})
    bias = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    c = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(bias[p, f], Bias[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(c[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.activation(c[p_loop, f_loop], c[p_loop, f_loop], "exp", bias[p_loop, f_loop], T.float32(1.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], c[p, f])
# expect: 22:79: error: nisa.activation adds one bias value per partition (a [P, 1] column
