# Declarations (views) share their parent's storage and get no address.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    B_sbuf = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF")
    B_view = B_sbuf.view(2, 256, 512)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    B_sbuf = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[0])
    B_view = B_sbuf.view(2, 256, 512)
