# expect: 6:78: allocated_addr is not allowed for scope 'global'
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    B = T.alloc_tensor((128, 512), "float32", scope="global", allocated_addr=[0])
