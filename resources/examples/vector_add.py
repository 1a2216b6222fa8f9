# Vector add in T.trn.tile calls: C = A + B over 512 x 512 float32, in four tiles of 128 rows.
# What to look at: TileDispatch turns each load, tensortensor and store into
# one instruction nest over a 128 x 512 tile (P = 128 partitions, F = 512
# elements), inside the loop over the four row tiles; LowerTrainiumLayout
# then flattens the HBM tensors to one dimension (row i * 128 + p starts at
# element (i * 128 + p) * 512) while the SBUF tiles stay (128, 512). The
# vector engine runs the add; the loads and the store are DMA transfers.
# Run it: tirx-cli run vector_add.py --output C=c.npy
import tvm
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

target = tvm.target.Target("aws/trn1/trn1.2xlarge")

tile = T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)])

with target:

    @T.ir_module
    class Module:
        @T.function
        def main(A: T.Tensor((512, 512), "float32"), B: T.Tensor((512, 512), "float32"),
                 C: T.Tensor((512, 512), "float32")):
            T.func_attr({"num_inputs": 2})
            T.device_entry()
            a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=tile)
            b = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=tile)
            c = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=tile)
            for i in range(4):
                T.trn.tile.load(a, A[i * 128 : i * 128 + 128, :])
                T.trn.tile.load(b, B[i * 128 : i * 128 + 128, :])
                T.trn.tile.tensortensor(c, a, b, opcode="add")
                T.trn.tile.store(C[i * 128 : i * 128 + 128, :], c)
