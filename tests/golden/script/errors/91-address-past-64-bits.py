# expect: 6:5: allocation 'B' is placed past any address: its end does not fit in 64 bits
from tvm.script import tirx as T

@T.function
def main():
    B = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", allocated_addr=[9223372036854775000])
