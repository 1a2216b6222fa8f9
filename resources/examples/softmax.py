# Row softmax of a 128 x 512 matrix in T.trn.tile calls: one row per partition.
#   Y[r, c] = exp(X[r, c] - max_c X[r, :]) / sum_c exp(X[r, c] - max_c X[r, :])
# What to look at: TileDispatch turns each of the six calls into one
# instruction over a 128-partition tile. The row maximum comes out negated
# (tensorreduce with negate=True) so that it can be the activation's bias: a
# (128, 1) SBUF column, one value per partition, read by the Scalar Engine
# while activation_reduce exponentiates and sums each row in one pass. The
# division is a reciprocal of that column and a tensorscalar multiply, the
# column again as the per-partition scalar. TrnNaiveAllocator shows the five
# SBUF tiles side by side; nothing touches PSUM.
# Run it: tirx-cli run softmax.py --output Y=y.npy
import tvm
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

target = tvm.target.Target("aws/trn1/trn1.2xlarge")

rows = T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)])
column = T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)])

with target:

    @T.ir_module
    class Module:
        @T.function
        def main(X: T.Tensor((128, 512), "float32"), Y: T.Tensor((128, 512), "float32")):
            T.func_attr({"num_inputs": 1})
            T.device_entry()
            x = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=rows)
            e = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=rows)
            neg_max = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout=column)
            total = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout=column)
            inv = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout=column)
            T.trn.tile.load(x, X)
            T.trn.tile.tensorreduce(neg_max, x, reduce_op="max", axes=-1, negate=True)
            T.trn.tile.activation_reduce(e, total, x, bias=neg_max, opcode="exp", reduce_op="sum", axes=-1)
            T.trn.tile.reciprocal(inv, total)
            T.trn.tile.tensorscalar(e, e, inv, opcode="mul")
            T.trn.tile.store(Y, e)
