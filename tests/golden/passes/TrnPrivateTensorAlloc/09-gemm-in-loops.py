# Reference: test_private_alloc_trn.py::test_gemm: a matmul into SBUF inside two loops gets one (8, 128, 512) PSUM
# accumulator at bank 0, offset 0, allocated at the device-entry root (not inside the loops).
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def gemm():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 8, 128):(1024 @ F, 1 @ F, 1 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((1024, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(8, 128, 2, 128):(256 @ F, 1 @ P, 128 @ F, 1 @ F)]))
    C_sbuf = T.alloc_tensor((512, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 2, 128):(256 @ F, 1 @ F, 128 @ F, 1 @ P)]))
    for i in range(2):
        for k in range(2):
            T.trn.tile.matmul(C_sbuf[256 * i : 256 * i + 256, :], A_sbuf[256 * i : 256 * i + 256, 512 * k : 512 * k + 512], B_sbuf[512 * k : 512 * k + 512, :], C_sbuf[256 * i : 256 * i + 256, :])
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def gemm():
    T.device_entry()
    acc_psum = T.alloc_tensor((8, 128, 512), scope="trn.psum", allocated_addr=[0, 0])
    A_sbuf = T.alloc_tensor((512, 1024), scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 8, 128):(1024 @ F, 1 @ F, 1 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((1024, 256), scope="trn.sbuf", layout=T.TileLayout(T.S[(8, 128, 2, 128):(256 @ F, 1 @ P, 128 @ F, 1 @ F)]))
    C_sbuf = T.alloc_tensor((512, 256), scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 2, 128):(256 @ F, 1 @ F, 128 @ F, 1 @ P)]))
    for i, k in T.grid(2, 2):
        T.trn.tile.matmul(C_sbuf[256 * i:256 * i + 256, 0:256], A_sbuf[256 * i:256 * i + 256, 512 * k:512 * k + 512], B_sbuf[512 * k:512 * k + 512, 0:256], C_sbuf[256 * i:256 * i + 256, 0:256], False, False, T.float32(1.0), T.float32(0.0), acc_psum=acc_psum)
