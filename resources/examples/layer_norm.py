# Layer norm of each row of X (128 rows of 512 float32), written directly in
# T.nki instructions: one partition per row, the row's mean and variance by
# free-axis reductions, rstd = 1 / sqrt(var + eps) on the Scalar Engine, and
# the gain G and bias B (512 each) loaded once into every partition.
#   Y[r, c] = (X[r, c] - mean_r) / sqrt(var_r + 1e-5) * G[c] + B[c]
# Run it: tirx-cli run layer_norm.py --output Y=y.npy
from tvm_tirx.script import tirx as T


@T.function
def main(X: T.Tensor((128, 512), "float32"), G: T.Tensor((512,), "float32"), B: T.Tensor((512,), "float32"),
         Y: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 3})
    x = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    g = T.alloc_tensor((2048,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    b = T.alloc_tensor((4096,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    sq = T.alloc_tensor((6144,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    stat = T.alloc_tensor((8192,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.load(x[p, f], X[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.load(g[p, f], G[f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.load(b[p, f], B[f])
    # mean: stat[p, 0] = sum / 512
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensorreduce(stat[p, 0], x[p, f], "add", T.bool(False), -1)
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(1, annotations={"nki_dim": "F"}):
                T.nki.tensorscalar(stat[p, 0], stat[p, 0], T.float32(0.001953125), "mul", T.bool(False))
    # centre in place, then the sum of squares into stat[p, 1]
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensorscalar(x[p, f], x[p, f], stat[p, 0], "sub", T.bool(False))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensortensor(sq[p, f], x[p, f], x[p, f], "mul")
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensorreduce(stat[p, 1], sq[p, f], "add", T.bool(False), -1)
    # rstd = 1 / sqrt(sumsq / 512 + eps): eps is a per-partition bias tile
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(1, annotations={"nki_dim": "F"}):
                T.nki.memset(stat[p, 3], T.float32(1e-05))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(1, annotations={"nki_dim": "F"}):
                T.nki.activation(stat[p, 2], stat[p, 1], "sqrt", stat[p, 3], T.float32(0.001953125))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(1, annotations={"nki_dim": "F"}):
                T.nki.reciprocal(stat[p, 2], stat[p, 2])
    # y = centred * rstd * g + b
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.scalar_tensor_tensor(x[p, f], x[p, f], stat[p, 2], g[p, f], "mul", "mul", T.bool(False), T.bool(False))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensortensor(x[p, f], x[p, f], b[p, f], "add")
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.store(Y[p, f], x[p, f])
