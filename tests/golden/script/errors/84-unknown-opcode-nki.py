# expect: 8:48: unknown opcode "expp" for 'opcode' of 'T.nki.activation'; expected one of "exp", "sqrt"
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32", scope="trn.sbuf"), B: T.Tensor((128, 512), "float32", scope="trn.sbuf")):
    for p in T.serial(128, annotations={"nki_dim": "P"}):
        for f in T.serial(512, annotations={"nki_dim": "F"}):
            T.nki.activation(B[p, f], A[p, f], "expp", T.float32(0.0), T.float32(1.0))
