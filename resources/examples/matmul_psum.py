# Matmul accumulated in PSUM over K = 512: C = A @ B for A of 128 x 512 and B of 512 x 512.
# What to look at: the contraction dim K lives on the partitions of both
# operands, and 512 does not fit in 128 partitions, so the layouts cut K
# into four blocks of 128 (A_sbuf's 128 @ F, B_sbuf's 512 @ F). TileDispatch
# turns the one matmul call into reduction_b_loop over those four blocks,
# each a Tensor Engine instruction that adds its partial product into the
# same PSUM bank. matmul only accumulates, so the bank is cleared first:
# memset writes SBUF only, hence a zeroed SBUF tile copied into PSUM. acc is
# written with .to_psum(): its 512 float32 per row fill exactly one 2 KiB
# bank, which LowerTrainiumLayout shows as the physical (1, 128, 512)
# [bank, partition, free] tensor. The last tensor_copy brings the sum back
# to SBUF for the store. Mind the load of A: its rows run along the free
# axis in HBM but along the partitions in A_sbuf, so the DMA transposes it
# one column of 128 elements at a time (512 load instructions). acc keeps
# no address: TrnNaiveAllocator places SBUF only, as the reference does, so
# the PSUM map lists acc as unplaced (memory_map.py places its PSUM by hand).
# Run it: tirx-cli run matmul_psum.py --output C=c.npy
import tvm
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

target = tvm.target.Target("aws/trn1/trn1.2xlarge")

# A_sbuf[m, k]: k = 128 * kb + kp sits on partition kp, free offset 128 * kb + m.
a_layout = T.TileLayout(T.S[(128, 4, 128):(1 @ F, 128 @ F, 1 @ P)])
# B_sbuf[k, n]: k = 128 * kb + kp sits on partition kp, free offset 512 * kb + n.
b_layout = T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)])
rows = T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)])

with target:

    @T.ir_module
    class Module:
        @T.function
        def main(A: T.Tensor((128, 512), "float32"), B: T.Tensor((512, 512), "float32"),
                 C: T.Tensor((128, 512), "float32")):
            T.func_attr({"num_inputs": 2})
            T.device_entry()
            A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=a_layout)
            B_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=b_layout)
            acc = T.alloc_tensor((128, 512), "float32", scope="trn.psum", layout=rows.to_psum())
            C_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=rows)
            T.trn.tile.load(A_sbuf, A)
            T.trn.tile.load(B_sbuf, B)
            T.trn.tile.memset(C_sbuf, T.float32(0.0))
            T.trn.tile.tensor_copy(acc, C_sbuf)
            T.trn.tile.matmul(acc, A_sbuf, B_sbuf, acc)
            T.trn.tile.tensor_copy(C_sbuf, acc)
            T.trn.tile.store(C, C_sbuf)
