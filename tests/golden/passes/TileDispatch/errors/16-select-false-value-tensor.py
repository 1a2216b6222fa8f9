# The tensor given as false_value: lowered as the reference does, with a warning that the predicate is not negated.
# passes: TileDispatch
# expect: 15:5: warning: T.trn.tile.affine_select: the tensor is given as false_value: the instruction writes the tensor where the predicate holds and the constant elsewhere, as the reference lowers it (the predicate is not negated) [TileDispatch]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

PF = T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)])

@T.function
def main(X: T.Tensor((128, 512), "float32", layout=T.TileLayout(T.S[(128, 512):(512, 1)]))):
    T.device_entry()
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=PF)
    b = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=PF)
    col = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    T.trn.tile.affine_select(a, T.float32(0.0), b, lambda i, j: i < j)
