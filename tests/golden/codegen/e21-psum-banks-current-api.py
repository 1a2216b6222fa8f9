# Error: an eight-bank PSUM accumulator in the current API, whose tiles hold one bank before NeuronCore-v4 (its legacy form is 09-psum-eight-banks.py).
# api: nki
from tvm.script import tirx as T

@T.prim_func
def banks(L: T.Tensor((128, 128), "bfloat16"), R: T.Tensor((128, 512), "bfloat16"), O: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 2})
    l = T.alloc_tensor((128, 128), "bfloat16", scope="trn.sbuf")
    r = T.alloc_tensor((128, 512), "bfloat16", scope="trn.sbuf")
    acc = T.alloc_tensor((8, 128, 512), "float32", scope="trn.psum", allocated_addr=[0, 0])
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
                T.nki.memset(o[p, f], T.float32(0.0))
    for b in range(8):
        with T.nki.tensorized_instruction():
            for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for lhs_f_loop in T.serial(0, 128, annotations={"nki_dim": "lhs_F"}):
                    for rhs_f_loop in T.serial(0, 512, annotations={"nki_dim": "rhs_F"}):
                        T.nki.matmul(acc[b, lhs_f_loop, rhs_f_loop], l[p_loop, lhs_f_loop], r[p_loop, rhs_f_loop], False)
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                    T.nki.tensortensor(o[p, f], o[p, f], acc[b, p, f], "add")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(O[p, f], o[p, f])
# expect: 10:5: error: 'acc' spans 8 PSUM banks; before NeuronCore-v4 an nki.jit PSUM tile holds one 2 KiB bank per partition (nki.language.tile_size), so it has no nki.jit form here: print it with --api legacy, or for a trn3 target
