# expect: 6:5: allocation 'B' is too large: its size in bytes does not fit in 64 bits
from tvm.script import tirx as T

@T.function
def main():
    B = T.alloc_tensor((128, 4611686018427387904), "float32", scope="trn.sbuf")
