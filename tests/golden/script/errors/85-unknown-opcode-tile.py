# expect: 6:59: unknown opcode "sum" for 'opcode' of 'T.trn.tile.tensortensor'; expected one of "add", "sub", "mul", "max", "min"
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32", scope="trn.sbuf"), B: T.Tensor((128, 512), "float32", scope="trn.sbuf")):
    T.trn.tile.tensortensor(B[0:128, 0:512], A, A, opcode="sum")
