# expect: 6:34: a 'trn.sbuf' tensor cannot have dtype "handle": on-chip memory holds numbers
from tvm.script import tirx as T

@T.function
def main():
    B = T.alloc_tensor((128, 4), "handle", scope="trn.sbuf")
