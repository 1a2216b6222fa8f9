# Chapter 02 §9.4: layout="FPF" on a 3-D tensor; the added outer F iter
# moves next to P.
# expect physical (128, 65536)
# expect A[3, 300, 17] = partition 44 free 34321
# expect A[31, 511, 511] = partition 127 free 65535
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((32, 512, 512), "bfloat16", scope="trn.sbuf", layout="FPF")
