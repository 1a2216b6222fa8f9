# from tvm_tirx.script import tirx as T

@T.ir_module
class Module:
    @T.function
    def main():
        R = T.alloc_tensor(ty_args=[T.Tensor((32, 4), "float32", scope="local", layout=T.TileLayout(T.S[(32, 4):(1 @ Axis.tx, 1)]))])
        W = T.alloc_tensor(ty_args=[T.Tensor((4, 32), "float32", scope="local", layout=T.TileLayout(T.S[(4, 32):(32, 1 @ Axis.laneid)] + 2 @ Axis.warpid))])
