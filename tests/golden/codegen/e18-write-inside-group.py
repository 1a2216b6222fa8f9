# Error: an instruction that writes the accumulator inside the loop whose matmul accumulates into it: the next
# iteration's matmul would add onto that value, which the current API cannot start from.
# api: nki
from tvm.script import tirx as T

@T.prim_func
def acc_in_loop(L: T.Tensor((512, 128), "float32"), R: T.Tensor((512, 512), "float32"), O: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 2})
    l = T.alloc_tensor((128, 4, 128), "float32", scope="trn.sbuf")
    r = T.alloc_tensor((128, 4, 512), "float32", scope="trn.sbuf")
    acc = T.alloc_tensor((1, 128, 512), "float32", scope="trn.psum", allocated_addr=[1, 0])
    o = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    for k in range(4):
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 128, annotations={"nki_dim": "F"}):
                    T.nki.load(l[p, k, f], L[k * 128 + p, f])
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                    T.nki.load(r[p, k, f], R[k * 128 + p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.memset(acc[0, p, f], T.float32(0.0))
    for a in range(2):
        for b in range(2):
            with T.nki.tensorized_instruction():
                for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
                    for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "lhs_F"}):
                        for rhs_f_loop in T.serial(0, 512, annotations={"nki_dim": "rhs_F"}):
                            T.nki.matmul(acc[0, lhs_f_loop, rhs_f_loop], l[p_loop, a * 2 + b, lhs_f_loop], r[p_loop, a * 2 + b, rhs_f_loop], True)
            with T.nki.tensorized_instruction():
                for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                    for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                        T.nki.tensorscalar(acc[0, p, f], acc[0, p, f], T.float32(0.5), "mul")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(o[p, f], acc[0, p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(O[p, f], o[p, f])
# expect: 36:25: error: this instruction writes 'acc' inside the loop over 'a' whose matmul at line 32 accumulates into it
