# expect: 6:72: invalid layout: partition dimension of extent 200 is not a multiple of 128
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    B = T.alloc_tensor((200, 512), "float32", scope="trn.sbuf", layout="PF")
