# A direct access to a tensor whose layout has a thread axis cannot be lowered.
# expect: 9:5: error: Cannot lower direct TensorLoad/TensorStore on a tensor with thread-axis layout: unable to verify that the coordinate matches the current thread. Use .view() + .local() to decompose thread and memory axes. [LowerTrainiumLayout]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    R = T.alloc_tensor(ty_args=[T.Tensor((32, 4), "float32", scope="local", layout=T.TileLayout(T.S[(32, 4):((1, "tx"), 1)]))])
    R[0, 1] = T.float32(0)
