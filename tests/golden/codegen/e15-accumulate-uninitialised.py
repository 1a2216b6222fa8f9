# Error: a matmul that accumulates into a PSUM tile nothing wrote, as memory_map.py lowers; nc_matmul's accumulate=True
# is valid only after a matmul with accumulate=False started the location.
# api: nki
from tvm.script import tirx as T

@T.prim_func
def acc_none(L: T.Tensor((128, 128), "float32"), R: T.Tensor((128, 512), "float32"), O: T.Tensor((128, 512), "float32")):
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
# expect: 25:21: error: this matmul accumulates into 'acc', which nothing wrote before it
