#pragma once

// Kernels the memory tests share, each worked out by hand where it is used.

// Four 64-byte SBUF tiles (128 partitions of 16 float32) and a PSUM tile.
// Statement orders: 0 A  1 B  2 C  3 D  4 Ps allocs; 5 A[0, 0] = 1; 6 for i;
// 7 B[0, i] = A[0, i]; 8 C[0, i] = B[0, i]; 9 D[0, 0] = 2; 10 Ps[0, 0, 0] = 3.
// Live: A [5, 9) (written before the loop, read in it), B and C the whole
// loop [6, 9), D [9, 10), Ps [10, 11). The user's offsets 0, 64, 128, 192
// reserve 256 bytes; the linear scan puts D at 0 once A, B and C are freed:
// 192. Ps: one bank from bank 1, 128 float32 = 512 bytes at byte 0 of the
// bank, so bytes [2048, 2560) of a partition's row.
inline const char* const kLifetimeKernel = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 16), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor((64,), ty_args=[T.Tensor((128, 16), "float32", scope="trn.sbuf")])
    C = T.alloc_tensor((128,), ty_args=[T.Tensor((128, 16), "float32", scope="trn.sbuf")])
    D = T.alloc_tensor((192,), ty_args=[T.Tensor((128, 16), "float32", scope="trn.sbuf")])
    Ps = T.alloc_tensor((1, 0), ty_args=[T.Tensor((1, 128, 128), "float32", scope="trn.psum")])
    A[0, 0] = T.float32(1)
    for i in range(4):
        B[0, i] = A[0, i]
        C[0, i] = B[0, i]
    D[0, 0] = T.float32(2)
    Ps[0, 0, 0] = T.float32(3)
)";

// A (256, 64) float32 with a layout of 128 partitions: 256 * 64 / 128 * 4 =
// 512 bytes per partition, physically (128, 128). The activation's constant
// bias gets a (128, 512) const_bias workspace from TrnPrivateTensorAlloc:
// 2048 bytes per partition; TrnNaiveAllocator puts it at 0 and A at 2048.
inline const char* const kActivationKernel = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor(ty_args=[T.Tensor((256, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 64):(64 @ F, 1 @ P, 1 @ F)]))])
    T.trn.tile.activation(A, A, bias=T.float32(1), opcode="exp")
)";
