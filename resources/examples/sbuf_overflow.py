# An SBUF overflow on purpose, to show the verifier: three tiles of 80 KiB per partition.
# What to look at: each SBUF partition holds 192 KiB on trn1 (196608
# bytes). a, b and c are (128, 20480) float32 tiles, one row per partition,
# so each takes 20480 * 4 = 81920 bytes of every partition. TrnNaiveAllocator
# places them one after another: a at byte 0, b at 81920 and c at 163840,
# where c would end at 245760, past the end. The verifier after the pass
# reports it at c's allocation, the Memory dock draws c running off the
# SBUF map, and the pipeline stops there: nothing is dispatched or printed
# as NKI. To make it fit, narrow the tiles (16384 columns fill SBUF
# exactly), or compute C in place of b, as `tirx-cli check` will confirm.
import tvm
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

target = tvm.target.Target("aws/trn1/trn1.2xlarge")

rows = T.TileLayout(T.S[(128, 20480):(1 @ P, 1 @ F)])

with target:

    @T.ir_module
    class Module:
        @T.function
        def main(A: T.Tensor((128, 20480), "float32"), B: T.Tensor((128, 20480), "float32"),
                 C: T.Tensor((128, 20480), "float32")):
            T.func_attr({"num_inputs": 2})
            T.device_entry()
            a = T.alloc_tensor((128, 20480), "float32", scope="trn.sbuf", layout=rows)
            b = T.alloc_tensor((128, 20480), "float32", scope="trn.sbuf", layout=rows)
            c = T.alloc_tensor((128, 20480), "float32", scope="trn.sbuf", layout=rows)
            T.trn.tile.load(a, A)
            T.trn.tile.load(b, B)
            T.trn.tile.tensortensor(c, a, b, opcode="add")
            T.trn.tile.store(C, c)
