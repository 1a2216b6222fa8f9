# Three SBUF tensors without addresses. TrnNaiveAllocator places them one
# after another within each partition, in the order they are written:
# A at byte 0 (256 * 512 / 128 * 4 = 4096 bytes per partition), B at 4096
# (8192 bytes) and C at 12288. The global tensor D is not SBUF and stays
# unplaced.
import tvm
from tvm.script import tirx as T

target = tvm.target.Target("aws/trn1/trn1.2xlarge")

with target:

    @T.ir_module
    class Module:
        @T.function
        def main():
            A = T.alloc_tensor((256, 512), "float32", scope="trn.sbuf", layout="PF")
            B = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout="PF")
            C = T.alloc_tensor((128, 1024), "float32", scope="trn.sbuf")
            D = T.alloc_tensor((8, 128, 512), "float32", scope="global")
