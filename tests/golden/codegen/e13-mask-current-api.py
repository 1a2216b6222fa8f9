# Error: a masked instruction in the current API, which has no masks (its legacy form is 10-masked-load.py).
# api: nki
from tvm.script import tirx as T

@T.prim_func
def part(X: T.Tensor((128, 512), "float32"), Y: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    xs = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                if f_loop < 384:
                    T.nki.load(xs[p_loop, f_loop], X[p_loop, f_loop])
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(Y[p_loop, f_loop], xs[p_loop, f_loop])
# expect: 12:17: error: the current NKI API has no instruction masks; this masked instruction prints only with --api legacy
