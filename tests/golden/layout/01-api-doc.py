# Chapter 02 §9.1, the API doc's LowerTrainiumLayout example: four free
# elements per partition hold the last two dims.
# expect physical (128, 4)
# expect A[0, 1, 0] = partition 0 free 2
# expect A[77, 1, 1] = partition 77 free 3
# expect used 512
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank


@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((128, 2, 2), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))
