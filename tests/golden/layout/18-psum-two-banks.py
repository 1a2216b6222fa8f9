# layout="PF" in PSUM on 1024 columns: columns 512.. go to bank 1.
# expect physical (2, 128, 512)
# expect A[7, 700] = bank 1 partition 7 free 188
# expect A[127, 511] = bank 0 partition 127 free 511
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((128, 1024), "float32", scope="trn.psum", layout="PF")
