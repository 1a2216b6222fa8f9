# TrnNaiveAllocator, API doc example: Expected (chapter 03 §3.3).
from tvm_tirx.script import tirx as T


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    T.trn.tile.memset(A, T.float32(0.0))
