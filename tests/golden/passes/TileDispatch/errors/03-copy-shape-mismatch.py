# A copy between regions of different non-unit extents. The verifier finds
# this on the input too (script/errors/88); it is off here so that the pass's
# own refusal is what the case tests.
# passes: TileDispatch
# verify: off
# expect: 18:5: error: shape mismatch between src and dst for a Trainium copy: their non-unit extents differ [TileDispatch]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

PF = T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)])

@T.function
def main(X: T.Tensor((128, 512), "float32", layout=T.TileLayout(T.S[(128, 512):(512, 1)]))):
    T.device_entry()
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=PF)
    b = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=PF)
    col = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    T.trn.tile.tensor_copy(a[:, 0:256], b[:, 0:128])
