# expect: 6:9: T.decl_tensor needs data=<pointer>, e.g. data=A.data
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    V = T.decl_tensor((65536,), layout=None)
