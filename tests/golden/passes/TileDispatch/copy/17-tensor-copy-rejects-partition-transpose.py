# Reference: test_copy_trn.py::test_tensor_copy_rejects_partition_transpose (PF -> FP is not a copy).
# passes: TileDispatch
# expect: 12:5: error: tensor_copy cannot transpose the partition dimension; prepare identity and use matmul explicitly [TileDispatch]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    a = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    b = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ F, 1 @ P)]))
    T.trn.tile.tensor_copy(b, a)
