# Error: a constant activation bias on a trn1 target (NeuronCore-v2): nisa.activation takes a constant bias only from
# NeuronCore-v3 on, so the current API refuses it there (a zero one prints as bias=None).
# api: nki
from tvm.script import tirx as T

@T.prim_func
def act(A: T.Tensor((128, 512), "float32"), C: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    const_bias = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    c = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p_loop, f_loop], T.float32(1.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(a[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.activation(c[p_loop, f_loop], a[p_loop, f_loop], "exp", const_bias[p_loop, f_loop], T.float32(1.0))
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.activation(c[p_loop, f_loop], c[p_loop, f_loop], "exp", T.float32(2.0), T.float32(0.5))
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], c[p, f])
# expect: 27:79: error: a constant activation bias needs NeuronCore-v3 (trn2) or later
