# Error: a matmul that accumulates onto PSUM data a memset of 1.0 wrote: the current API starts a group only with a
# matmul (accumulate=False), so it refuses rather than print an accumulation that is undefined on NeuronCore-v2/v3.
# api: nki
from tvm.script import tirx as T

@T.prim_func
def acc_ones(L: T.Tensor((128, 128), "float32"), R: T.Tensor((128, 512), "float32"), O: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 2})
    l = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf")
    r = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    acc = T.alloc_tensor((1, 128, 512), "float32", scope="trn.psum", allocated_addr=[0, 0])
    o = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                T.nki.load(l[p, f], L[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(r[p, f], R[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.memset(acc[0, p, f], T.float32(1.0))
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "lhs_F"}):
                for rhs_f_loop in T.serial(0, 512, annotations={"nki_dim": "rhs_F"}):
                    T.nki.matmul(acc[0, lhs_f_loop, rhs_f_loop], l[p_loop, lhs_f_loop], r[p_loop, rhs_f_loop], True)
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(o[p, f], acc[0, p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(O[p, f], o[p, f])
# expect: 29:21: error: this matmul accumulates onto the values the T.nki.memset at line 24 wrote into 'acc'
