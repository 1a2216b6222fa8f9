# A parameter with a Trainium layout is declared with its physical (P, F) shape.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main(S: T.Tensor((256, 64), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 64):(64 @ F, 1 @ P, 1 @ F)]))):
    S[130, 5] = T.float32(0)
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main(S: T.Tensor((256, 64), "float32", scope="trn.sbuf")):
    S_1 = T.decl_tensor(S.data, ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf")])
    S_1[2, 69] = T.float32(0)
