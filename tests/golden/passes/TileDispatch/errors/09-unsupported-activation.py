# Only exp and sqrt are activation functions of this backend.
# passes: TileDispatch
# expect: 15:5: error: unsupported activation operation 'tanh': the opcode must be exp or sqrt [TileDispatch]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

PF = T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)])

@T.function
def main(X: T.Tensor((128, 512), "float32", layout=T.TileLayout(T.S[(128, 512):(512, 1)]))):
    T.device_entry()
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=PF)
    b = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=PF)
    col = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    T.trn.tile.activation(a, b, bias=col, opcode="tanh")
