# Every function gets its own workspaces at its own device-entry root: the bias tile of `scale` is not
# shared with the one of `main`, and each function's calls point at their own tiles.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.ir_module
class Module:
    @T.function
    def main():
        T.device_entry()
        a = T.alloc_tensor((128, 32, 4, 32), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096):(1 @ P, 1 @ F)]))
        s = T.alloc_tensor((128, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
        T.trn.tile.activation(a, a, bias=0.5, opcode="exp")
        T.trn.tile.tensorreduce(s, a, axes=(1, 3), reduce_op="max")

    @T.function
    def scale():
        T.device_entry()
        x = T.alloc_tensor((256, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 256):(256 @ F, 1 @ P, 1 @ F)]))
        T.trn.tile.activation(x, x, bias=0.5, opcode="sqrt", max_inst_size=256)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.ir_module
class Module:
    @T.function
    def main():
        T.device_entry()
        const_bias = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
        partial_reduce = T.alloc_tensor((128, 32), "float32", scope="trn.sbuf")
        with T.nki.tensorized_instruction():
            for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
                for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                    T.nki.memset(const_bias[p_loop, f_loop], T.float32(0.5))
        a = T.alloc_tensor((128, 32, 4, 32), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096):(1 @ P, 1 @ F)]))
        s = T.alloc_tensor((128, 4), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
        T.trn.tile.activation(a, a, bias=0.5, const_bias=const_bias, opcode="exp")
        T.trn.tile.tensorreduce(s, a, partial_reduce=partial_reduce, axes=(1, 3), reduce_op="max")

    @T.function
    def scale():
        T.device_entry()
        const_bias = T.alloc_tensor((128, 256), "float32", scope="trn.sbuf")
        with T.nki.tensorized_instruction():
            for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
                for f_loop in T.serial(256, annotations={"nki_dim": "F"}):
                    T.nki.memset(const_bias[p_loop, f_loop], T.float32(0.5))
        x = T.alloc_tensor((256, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 256):(256 @ F, 1 @ P, 1 @ F)]))
        T.trn.tile.activation(x, x, bias=0.5, const_bias=const_bias, opcode="sqrt", max_inst_size=256)
