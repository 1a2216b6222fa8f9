# Copying a 512 x 512 tensor from HBM into SBUF, 128 rows at a time.
# LowerTrainiumLayout turns both layouts into physical tensors: the global
# parameter becomes a flat view of 262144 elements, and A_sbuf a
# (128, 2048) SBUF tensor where row block i lands at free offset 512 * i.
import tvm
from tvm.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

target = tvm.target.Target("aws/trn1/trn1.2xlarge")

src_layout = TileLayout(S[(4, 128, 512):(512 * 128, 512, 1)])
dst_layout = TileLayout(S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)])

with target:

    @T.ir_module
    class Module:
        @T.function
        def main(A: T.Tensor((512, 512), "float32", layout=src_layout)):
            T.func_attr({"global_symbol": "copy"})
            T.device_entry()
            A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=dst_layout)
            for i in range(4):
                T.trn.tile.load(A_sbuf[i * 128 : i * 128 + 128, :], A[i * 128 : i * 128 + 128, :])
