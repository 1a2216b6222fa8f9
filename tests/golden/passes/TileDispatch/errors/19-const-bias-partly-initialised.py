# Two activations share the const_bias tile of bias 1.0: the first asks for (128, 256), the second for (64, 512). The tile grows to (128, 512) but its memset is the second call's (64, 512), so rows 64 to 127, which the first call reads, are never filled. Built as the reference builds it, with a warning at the call (spec 05 §3.3).
# passes: TrnPrivateTensorAlloc
# expect: 15:5: warning: T.trn.tile.activation: the const_bias tile shared by the calls with this bias grows to (128, 512) but is filled only over this call's (64, 512), as the reference builds it; a call with this bias that reads outside that corner reads uninitialised SBUF: give the calls the same max_inst_size and destination partition count [TrnPrivateTensorAlloc]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    x = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    y = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    u = T.alloc_tensor((64, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(64, 512):(1 @ P, 1 @ F)]))
    v = T.alloc_tensor((64, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(64, 512):(1 @ P, 1 @ F)]))
    T.trn.tile.activation(y, x, bias=T.float32(1.0), opcode="exp", max_inst_size=256)
    T.trn.tile.activation(v, u, bias=T.float32(1.0), opcode="exp")
# ---- expected ----
# from tvm_tirx.script import tirx as T

@T.ir_module
class Module:
    @T.function
    def main():
        T.device_entry()
        const_bias = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
        with T.nki.tensorized_instruction():
            for p_loop in T.serial(64, annotations={"nki_dim": "P"}):
                for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                    T.nki.memset(const_bias[p_loop, f_loop], T.float32(1.0))
        x = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))])
        y = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))])
        u = T.alloc_tensor(ty_args=[T.Tensor((64, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(64, 512):(1 @ P, 1 @ F)]))])
        v = T.alloc_tensor(ty_args=[T.Tensor((64, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(64, 512):(1 @ P, 1 @ F)]))])
        T.trn.tile.activation(y[0:128, 0:512], x[0:128, 0:512], T.float32(1.0), T.float32(1.0), const_bias=const_bias, opcode="exp", max_inst_size=256)
        T.trn.tile.activation(v[0:64, 0:512], u[0:64, 0:512], T.float32(1.0), T.float32(1.0), const_bias=const_bias, opcode="exp")
