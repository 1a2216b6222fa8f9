# A pre-placed tensor at byte 1 (8192 bytes) moves the pool start to 8193.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor([256, 512], "float32", scope="trn.sbuf", layout="PF")
    B = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[1])
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor([256, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[8193])
    B = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[1])
