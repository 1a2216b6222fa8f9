# One element store through a Trainium layout. A is logically (128, 2, 2);
# its layout packs the last two dimensions into four free elements per
# partition, so LowerTrainiumLayout rewrites A[0, 1, 0] as A[0, 2] on a
# physical (128, 4) SBUF tensor.
import tvm
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

target = tvm.target.Target("aws/trn1/trn1.2xlarge")

with target:

    @T.ir_module
    class Module:
        @T.function
        def main():
            T.device_entry()
            A = T.alloc_tensor(ty_args=[T.Tensor((128, 2, 2), "float32", scope="trn.sbuf",
                                                 layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))])
            A[0, 1, 0] = T.float32(1)
