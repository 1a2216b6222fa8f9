# from tvm_tirx.script import tirx as T

@T.ir_module
class Module:
    @T.function
    def main():
        T.func_attr({"global_symbol": "gemm"})
        T.device_entry()
        wide = T.alloc_tensor(ty_args=[T.Tensor((256, 256), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(1, 2, 128, 2, 128):(1 @ Bank, 256 @ F, 1 @ P, 128 @ F, 1 @ F)]))])
        banks = T.alloc_tensor(ty_args=[T.Tensor((256, 1024), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(2, 128, 2, 512):(2 @ Bank, 1 @ P, 1 @ Bank, 1 @ F)]))])
        vector = T.alloc_tensor(ty_args=[T.Tensor((8192,), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(2, 512, 8):(1 @ Bank, 1 @ F, 1 @ P)]))])
        small = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))])
        T.trn.tile.memset(small[0:128, 0:128], T.float32(0.0))
