# Reference: test_compose_op_trn.py::test_tensor_tensor_reduce_fail (two full tiles: the vector reduce needs a scalar operand).
# passes: TileDispatch
# expect: 14:5: error: a tensor-tensor step is not supported for a vector reduce: rhs of 'T.trn.tile.tensorscalar_reduce' must be a float constant or a per-partition column [TileDispatch]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor((128, 512), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    B = T.alloc_tensor((128, 512), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    C = T.alloc_tensor((128, 1), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1):(1 @ P, 1 @ F)]))
    D = T.alloc_tensor((128, 512), dtype="float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    T.trn.tile.tensorscalar_reduce(B, C, A, D, opcode="add", reduce_op="sum", axes=1)
