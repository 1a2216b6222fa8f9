# Three iters on F around one on P (chapter 02 §9.4, scaled to fit SBUF):
# F = 512 * a + 4096 * (r // 128) + c, the larger coefficient printed first.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    X = T.alloc_tensor(ty_args=[T.Tensor((8, 512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(8, 4, 128, 512):(512 @ F, 4096 @ F, 1 @ P, 1 @ F)]))])
    for a in range(8):
        for i in range(4):
            for p in range(128):
                X[a, i * 128 + p, 7] = T.float32(0)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    X = T.alloc_tensor(ty_args=[T.Tensor((128, 16384), "float32", scope="trn.sbuf")])
    for a in range(8):
        for i in range(4):
            for p in range(128):
                X[p, i * 4096 + a * 512 + 7] = T.float32(0)
