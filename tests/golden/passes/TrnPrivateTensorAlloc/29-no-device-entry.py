# expect: 7:1: warning: the function has no T.device_entry() region, so the 2 workspace(s) attached to its tile calls are not allocated; add T.device_entry() [TrnPrivateTensorAlloc]
# Without a device-entry region there is nowhere to put the workspaces. The reference drops them silently
# (the calls still name them); the explorer does the same and says so.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    x = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    w = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout="PF")
    T.trn.tile.activation(x, x, bias=1.0, opcode="exp")
    T.trn.tile.matmul(w, w, w)
