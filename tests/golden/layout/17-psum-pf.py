# layout="PF" in PSUM on 512 columns: one bank, a unit Bank iter
# (chapter 02 §7.2).
# expect physical (1, 128, 512)
# expect A[7, 300] = bank 0 partition 7 free 300
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((128, 512), "float32", scope="trn.psum", layout="PF")
