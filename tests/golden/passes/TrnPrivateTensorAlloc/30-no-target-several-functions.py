# target: none
# expect: 10:5: error: TrnPrivateTensorAlloc requires a Trainium target on the function or in the current target scope [TrnPrivateTensorAlloc]
# expect: 16:5: error: TrnPrivateTensorAlloc requires a Trainium target on the function or in the current target scope [TrnPrivateTensorAlloc]
# Without a target no workspace rule can run: each function that needs one is reported at its definition.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.ir_module
class Module:
    @T.function
    def first():
        T.device_entry()
        x = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
        T.trn.tile.activation(x, x, bias=1.0, opcode="exp")

    @T.function
    def second():
        T.device_entry()
        a = T.alloc_tensor((128, 1024), "float32", scope="trn.sbuf", layout="PF")
        s = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout="PF")
        T.trn.tile.tensorreduce(s, a, axes=-1, reduce_op="sum", max_inst_size=512)
