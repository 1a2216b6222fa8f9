# from tvm_tirx.script import tirx as T

@T.ir_module
class Module:
    @T.function
    def main():
        T.device_entry()
        const_bias = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
        with T.nki.tensorized_instruction():
            for p in T.serial(128, annotations={"nki_dim": "P"}):
                for f in T.serial(512, annotations={"nki_dim": "F"}):
                    T.nki.memset(const_bias[p, f], T.float32(1.0))
        A = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))])
        C = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))])
        T.trn.tile.activation(C[0:128, 0:512], A[0:128, 0:512], T.float32(1.0), T.float32(1.0), const_bias=const_bias, opcode="exp")
