# Where tensors land in SBUF and PSUM. TrnPrivateTensorAlloc adds two
# workspaces: a PSUM accumulator for the matmul into SBUF (all 8 banks, at
# bank 0) and a const_bias tile for the activation's constant bias.
# TrnNaiveAllocator then puts the SBUF tiles one after another in every
# partition. Acc is the user's PSUM tile at bank 2, which the accumulator
# overlaps. A is laid out transposed (LT): the matmul contracts over A's
# second dim, and the Tensor Engine wants that dim on the partitions, as
# it is for B's first. Open the Memory dock and step through the passes.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

L = T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)])
LT = T.TileLayout(T.S[(128, 128):(1 @ F, 1 @ P)])

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=LT)])
    B = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=L)])
    C = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=L)])
    S = T.alloc_tensor(ty_args=[T.Tensor((64, 1024), "bfloat16", scope="trn.sbuf")])
    Acc = T.alloc_tensor((2, 0), ty_args=[T.Tensor((2, 128, 512), "float32", scope="trn.psum")])
    T.trn.tile.matmul(C, A, B, C, False, False, T.float32(1.0), T.float32(0.0))
    T.trn.tile.activation(B, C, bias=T.float32(1), opcode="exp")
