# An SBUF tensor without a layout is stored as it is: dim 0 on P, the rest
# row-major on F (chapter 02 §8).
# expect physical (128, 32)
# expect A[5, 2, 3] = partition 5 free 19
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((128, 4, 8), "float32", scope="trn.sbuf", layout=None)
