# expect: 6:72: invalid layout string 'PQ'; expected "default" or a P/F annotation such as "PF"
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    B = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PQ")
