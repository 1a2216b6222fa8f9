# PSUM placement by bank: acc spans banks 0 and 1 at offset 0; other sits at
# bank 1, so other[0, p, f] is acc[1, p, f]. A copy into other shows up in
# the second bank of acc, and the first bank stays as written.
from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((8, 64), "float32"), C: T.Tensor((2, 8, 64), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((0,), ty_args=[T.Tensor((8, 64), "float32", scope="trn.sbuf")])
    acc = T.alloc_tensor((0, 0), ty_args=[T.Tensor((2, 8, 64), "float32", scope="trn.psum")])
    other = T.alloc_tensor((1, 0), ty_args=[T.Tensor((1, 8, 64), "float32", scope="trn.psum")])
    out = T.alloc_tensor((256,), ty_args=[T.Tensor((8, 128), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(8, annotations={"nki_dim": "P"}):
            for f in T.serial(64, annotations={"nki_dim": "F"}):
                T.nki.load(a[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for b in T.serial(2):
            for p in T.serial(8):
                for f in T.serial(64):
                    T.nki.memset(acc[b, p, f], T.float32(-1.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(8, annotations={"nki_dim": "P"}):
            for f in T.serial(64, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(other[0, p, f], a[p, f])
    for b in range(2):
        with T.nki.tensorized_instruction():
            for p in T.serial(8, annotations={"nki_dim": "P"}):
                for f in T.serial(64, annotations={"nki_dim": "F"}):
                    T.nki.tensor_copy(out[p, b * 64 + f], acc[b, p, f])
        with T.nki.tensorized_instruction():
            for p in T.serial(8, annotations={"nki_dim": "P"}):
                for f in T.serial(64, annotations={"nki_dim": "F"}):
                    T.nki.store(C[b, p, f], out[p, b * 64 + f])
