# Reference test: two "PF" tensors; A takes 256*512/128*4 = 4096 bytes per partition.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor([256, 512], "float32", scope="trn.sbuf", layout="PF")
    B = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF")
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor([256, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[0])
    B = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[4096])
