# Chapter 02 §9.5: two P dims share the 128 partitions (4 x 32).
# expect physical (128, 1024)
# expect A[1, 2, 5, 7] = partition 69 free 519
# expect A[0, 3, 31, 0] = partition 127 free 0
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((2, 4, 32, 512), "float32", scope="trn.sbuf", layout="FPPF")
