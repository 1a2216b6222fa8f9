# Chapter 02 §9.3 (reference test_copy_with_offset): layout="PF" on a
# 512-row tensor becomes S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)].
# expect physical (128, 2048)
# expect A[300, 17] = partition 44 free 1041
# expect A[511, 511] = partition 127 free 2047
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout="PF")
