# Activation with a constant bias: exp(A + 1) over a 128 x 512 SBUF tile.
# TrnPrivateTensorAlloc gives the call a const_bias workspace, filled by a
# tensorized memset, because the NKI instruction reads its bias from SBUF.
import tvm
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

target = tvm.target.Target("aws/trn1/trn1.2xlarge")

tile = T.Tensor((128, 512), "float32", scope="trn.sbuf",
                layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))

with target:

    @T.ir_module
    class Module:
        @T.function
        def main():
            T.device_entry()
            A = T.alloc_tensor(ty_args=[tile])
            C = T.alloc_tensor(ty_args=[tile])
            T.trn.tile.activation(C, A, bias=T.float32(1), opcode="exp")
