# Attention scores of a small block, written directly in T.nki instructions:
# P = softmax(Q Kᵀ / sqrt(64)) row by row, for 128 queries and 256 keys of
# width 64. Q and K are loaded transposed (the width on the partitions) so
# that one matmul contracts over it into a PSUM bank; the row softmax takes
# the row maximum, exponentiates and sums in one activation_reduce, and
# scales by the reciprocal of the sum.
# Run it: tirx-cli run attention_scores.py --output P=p.npy
from tvm_tirx.script import tirx as T


@T.function
def main(Q: T.Tensor((128, 64), "float32"), K: T.Tensor((256, 64), "float32"), P: T.Tensor((128, 256), "float32")):
    T.func_attr({"num_inputs": 2})
    qT = T.alloc_tensor((0,), ty_args=[T.Tensor((64, 128), "float32", scope="trn.sbuf")])
    kT = T.alloc_tensor((512,), ty_args=[T.Tensor((64, 256), "float32", scope="trn.sbuf")])
    acc = T.alloc_tensor((0, 0), ty_args=[T.Tensor((1, 128, 256), "float32", scope="trn.psum")])
    s = T.alloc_tensor((1536,), ty_args=[T.Tensor((128, 256), "float32", scope="trn.sbuf")])
    row = T.alloc_tensor((2560,), ty_args=[T.Tensor((128, 2), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(64, annotations={"nki_dim": "P"}):
            for f in T.serial(128, annotations={"nki_dim": "F"}):
                T.nki.load(qT[p, f], Q[f, p])
    with T.nki.tensorized_instruction():
        for p in T.serial(64, annotations={"nki_dim": "P"}):
            for f in T.serial(256, annotations={"nki_dim": "F"}):
                T.nki.load(kT[p, f], K[f, p])
    with T.nki.tensorized_instruction():
        for i in T.serial(128):
            for j in T.serial(256):
                T.nki.memset(acc[0, i, j], T.float32(0.0))
    with T.nki.tensorized_instruction():
        for d in T.serial(64, annotations={"nki_dim": "P"}):
            for i in T.serial(128, annotations={"nki_dim": "lhs_F"}):
                for j in T.serial(256, annotations={"nki_dim": "rhs_F"}):
                    T.nki.matmul(acc[0, i, j], qT[d, i], kT[d, j], T.bool(True))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(256, annotations={"nki_dim": "F"}):
                T.nki.tensorscalar(s[p, f], acc[0, p, f], T.float32(0.125), "mul", T.bool(False))
    # row[p, 0] = -max(s[p, :]), the bias of the exponential
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(256, annotations={"nki_dim": "F"}):
                T.nki.tensorreduce(row[p, 0], s[p, f], "max", T.bool(True), -1)
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(256, annotations={"nki_dim": "F"}):
                T.nki.activation_reduce(row[p, 1], s[p, f], s[p, f], "exp", "add", row[p, 0], T.float32(1.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(1, annotations={"nki_dim": "F"}):
                T.nki.reciprocal(row[p, 1], row[p, 1])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(256, annotations={"nki_dim": "F"}):
                T.nki.tensorscalar(s[p, f], s[p, f], row[p, 1], "mul", T.bool(False))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(256, annotations={"nki_dim": "F"}):
                T.nki.store(P[p, f], s[p, f])
