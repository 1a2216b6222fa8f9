# expect: 6:71: unknown opcode "add" for 'reduce_op' of 'T.trn.tile.tensorreduce'; expected one of "max", "min", "sum"
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32", scope="trn.sbuf"), B: T.Tensor((128, 1), "float32", scope="trn.sbuf")):
    T.trn.tile.tensorreduce(B[0:128, 0:1], A[0:128, 0:512], reduce_op="add")
