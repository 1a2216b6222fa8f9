# Two-stage reduction over dims that are not contiguous in F, through a partial_reduce workspace.
# M[i, b] is the maximum of X[i, a, b, c] over a and c. What to look at:
# with one partition per i, X[i, a, b, c] sits at free offset
# 128 * a + 32 * b + c. One Vector Engine instruction reduces a contiguous
# (or evenly strided) run of the free axis, and dims 1 and 3 are separated
# by dim 2, so no single instruction covers both. Open
# TrnPrivateTensorAlloc: it adds a (128, 16) partial_reduce SBUF tile. Then
# TileDispatch: for each of the 4 values of b, stage one reduces the 32
# values of c into partial_reduce[:, a] for each of the 16 values of a, and
# stage two reduces those 16 partial results into m[:, b].
# Run it: tirx-cli run two_stage_reduce.py --output M=m.npy
import tvm
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

target = tvm.target.Target("aws/trn1/trn1.2xlarge")

with target:

    @T.ir_module
    class Module:
        @T.function
        def main(X: T.Tensor((128, 16, 4, 32), "float32"), M: T.Tensor((128, 4), "float32")):
            T.func_attr({"num_inputs": 1})
            T.device_entry()
            x = T.alloc_tensor((128, 16, 4, 32), "float32", scope="trn.sbuf",
                               layout=T.TileLayout(T.S[(128, 2048):(1 @ P, 1 @ F)]))
            m = T.alloc_tensor((128, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
            T.trn.tile.load(x, X)
            T.trn.tile.tensorreduce(m, x, reduce_op="max", axes=[1, 3])
            T.trn.tile.store(M, m)
