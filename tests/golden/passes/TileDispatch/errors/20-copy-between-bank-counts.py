# A PSUM tile over two banks (.to_psum() of 1024 float32 per row) copied to an SBUF tile without banks: rejected, as the reference rejects it, but saying that the banks do not line up (the reference calls it a partition transpose).
# passes: TileDispatch
# expect: 12:5: error: tensor_copy cannot pair the 2 PSUM banks of 'acc' with a layout of another bank count: the bank and free iters do not line up (the reference rejects it as a partition transpose); copy one bank, 512 float32 elements of a row, at a time [TileDispatch]
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

@T.function
def main():
    T.device_entry()
    acc = T.alloc_tensor((128, 1024), "float32", scope="trn.psum", layout=TileLayout(S[(128, 1024):(1 @ P, 1 @ F)]).to_psum())
    out = T.alloc_tensor((128, 1024), "float32", scope="trn.sbuf", layout=TileLayout(S[(128, 1024):(1 @ P, 1 @ F)]))
    T.trn.tile.tensor_copy(out, acc)
