# Matmul into PSUM and into SBUF through acc_psum (test_gemm_trn style).
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

A_l = T.TileLayout(T.S[(4, 128, 8, 128):(1024@F, 1@F, 128@F, 1@P)])
B_l = T.TileLayout(T.S[(8, 128, 2, 128):(256@F, 1@P, 128@F, 1@F)])
C_l = T.TileLayout(T.S[(4, 128, 2, 128):(256@F, 1@F, 128@F, 1@P)])


@T.ir_module
class Module:
    @T.function
    def gemm_psum() -> None:
        T.device_entry()
        a = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout="PF")
        b = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
        c = T.alloc_tensor((128, 512), "float32", scope="trn.psum", layout="PF")
        T.trn.tile.memset(c, T.float32(0.0))
        T.trn.tile.matmul(c, a, b, c)

    @T.function
    def gemm_sbuf() -> None:
        T.device_entry()
        a = T.alloc_tensor((512, 1024), "float32", scope="trn.sbuf", layout=A_l)
        b = T.alloc_tensor((1024, 256), "float32", scope="trn.sbuf", layout=B_l)
        c = T.alloc_tensor((512, 256), "float32", scope="trn.sbuf", layout=C_l)
        acc_psum = T.alloc_tensor((8, 128, 512), scope="trn.psum", allocated_addr=[0, 0])
        for i in range(2):
            for k in range(2):
                T.trn.tile.matmul(c[256*i:256*i+256, 0:256], a[256*i:256*i+256, 512*k:512*k+512], b[512*k:512*k+512, 0:256], c[256*i:256*i+256, 0:256], False, False, T.float32(1.0), T.float32(0.0), acc_psum=acc_psum)

    @T.function
    def gemm_transpose() -> None:
        T.device_entry()
        acc = T.alloc_tensor((128, 128), "float32", scope="trn.psum", layout="PF")
        src = T.alloc_tensor((128, 256), "float32", scope="trn.sbuf", layout="PF")
        ident = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout="PF")
        T.trn.tile.matmul(acc, src[:, 0:128], ident, transpose_A=True)
