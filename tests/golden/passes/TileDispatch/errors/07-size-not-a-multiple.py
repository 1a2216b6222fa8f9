# A contiguous free run of 768 elements is above 512 and not a multiple of it (the planner never emits a remainder).
# passes: TileDispatch
# expect: 16:5: error: cannot lower 'T.trn.tile.tensor_copy': the instruction size 768 is not a multiple of the max instruction size 512 [TileDispatch]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

PF = T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)])

@T.function
def main(X: T.Tensor((128, 512), "float32", layout=T.TileLayout(T.S[(128, 512):(512, 1)]))):
    T.device_entry()
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=PF)
    b = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=PF)
    col = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    wide = T.alloc_tensor((128, 768), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 768):(1 @ P, 1 @ F)]))
    T.trn.tile.tensor_copy(wide, wide)
