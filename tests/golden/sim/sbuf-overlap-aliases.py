# Two SBUF tensors whose addresses overlap share bytes: y (at byte 64) covers
# the upper half of every row of x (bytes 0..127, 16 x 32 float32 = 128 bytes
# per partition). Filling y after loading x overwrites x[p, 16:32] with 5.0.
from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((16, 32), "float32"), C: T.Tensor((16, 32), "float32")):
    T.func_attr({"num_inputs": 1})
    x = T.alloc_tensor((0,), ty_args=[T.Tensor((16, 32), "float32", scope="trn.sbuf")])
    y = T.alloc_tensor((64,), ty_args=[T.Tensor((16, 16), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(32, annotations={"nki_dim": "F"}):
                T.nki.load(x[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(16, annotations={"nki_dim": "F"}):
                T.nki.memset(y[p, f], T.float32(5.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(32, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], x[p, f])
