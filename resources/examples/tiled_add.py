# C = relu(A + B) over a 512 x 512 matrix in four row tiles of 128
# partitions, with the tiles summed into a PSUM accumulator. The passes to
# watch: TrnNaiveAllocator places A, B and C at bytes 0, 8192 and 16384 of
# every partition (512 * 512 / 128 * 4 = 8192 bytes each); LowerTrainiumLayout
# turns row i * 128 + p of a "PF" tensor into partition p, free element
# i * 512 + f of a (128, 2048) tile, and gives Acc its PSUM bank index.
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
            A = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout="PF")
            B = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout="PF")
            C = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout="PF")
            Acc = T.alloc_tensor((128, 512), "float32", scope="trn.psum", layout="PF")
            for p in range(128):
                for f in range(512):
                    Acc[p, f] = T.float32(0)
            for i in range(4):
                for p in range(128):
                    for f in range(512):
                        if i * 128 + p < 512:
                            C[i * 128 + p, f] = A[i * 128 + p, f] + B[i * 128 + p, f]
                for p in range(128):
                    for f in range(512):
                        if C[i * 128 + p, f] < T.float32(0):
                            C[i * 128 + p, f] = T.float32(0)
                for p in range(128):
                    for f in range(512):
                        Acc[p, f] = Acc[p, f] + C[i * 128 + p, f]
