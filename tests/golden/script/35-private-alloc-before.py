# TrnPrivateTensorAlloc, API doc example: Before (chapter 03 §2.3).
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

tile = T.Tensor((128, 512), "float32", scope="trn.sbuf",
                layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor(ty_args=[tile])
    C = T.alloc_tensor(ty_args=[tile])
    T.trn.tile.activation(C, A, bias=T.float32(1), opcode="exp")
