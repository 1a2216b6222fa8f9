# expect: 7:74: PSUM tensors occupy whole 2 KiB banks (512 elements per partition each): a free size of 600 elements per partition must fill whole banks, a multiple of 512 (at most 8 banks, 16 KiB)
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 600), "float32", scope="trn.sbuf", layout="PF")):
    T.device_entry()
    Acc = T.alloc_tensor((128, 600), "float32", scope="trn.psum", layout="PF")
    T.trn.tile.tensor_copy(Acc, A)
    T.trn.tile.tensor_copy(A, Acc)
