# layout="PF" in PSUM: (128, 512) becomes one bank; the unit Bank coordinate is 0.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    C = T.alloc_tensor((128, 512), "float32", scope="trn.psum", layout="PF")
    for p in range(128):
        for f in range(512):
            C[p, f] = T.float32(0)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    C = T.alloc_tensor(ty_args=[T.Tensor((1, 128, 512), "float32", scope="trn.psum")])
    for p in range(128):
        for f in range(512):
            C[0, p, f] = T.float32(0)
