# A new kernel: C = A + B over one 128 x 512 SBUF tile. Replace the body with
# your own; the Passes dock shows what each pass makes of it.
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
            A = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
            B = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
            C = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
            for p in range(128):
                for f in range(512):
                    C[p, f] = A[p, f] + B[p, f]
