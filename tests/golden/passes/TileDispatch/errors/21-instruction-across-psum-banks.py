# Spec 05 §6.9: a PSUM-to-PSUM copy planned on a tile of two banks would run the Bank and F iters together as one stride pattern (the reference has no rule and would emit indices that address neither); rejected at the call. So is an instruction cut to max_inst_size=1024, longer than a bank.
# passes: TileDispatch
# expect: 13:5: error: one instruction would span the 2 PSUM banks of 'acc', whose bank and free strides the planner cannot combine (the reference has no rule for this); split the call at the bank edge, 512 elements of a row [TileDispatch]
# expect: 16:5: error: one instruction would span the 4 PSUM banks of 'wide', whose bank and free strides the planner cannot combine (the reference has no rule for this); split the call at the bank edge, 512 elements of a row [TileDispatch]
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

@T.function
def main():
    T.device_entry()
    acc = T.alloc_tensor((128, 1024), "float32", scope="trn.psum", layout=TileLayout(S[(128, 1024):(1 @ P, 1 @ F)]).to_psum())
    acc2 = T.alloc_tensor((128, 1024), "float32", scope="trn.psum", layout=TileLayout(S[(128, 1024):(1 @ P, 1 @ F)]).to_psum())
    T.trn.tile.tensor_copy(acc2, acc)
    wide = T.alloc_tensor((128, 2048), "float32", scope="trn.psum", layout=TileLayout(S[(128, 2048):(1 @ P, 1 @ F)]).to_psum())
    wide2 = T.alloc_tensor((128, 2048), "float32", scope="trn.psum", layout=TileLayout(S[(128, 2048):(1 @ P, 1 @ F)]).to_psum())
    T.trn.tile.tensor_copy(wide2, wide, max_inst_size=1024)
