from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((256, 256), "float32", layout=None)):
    V = T.decl_tensor((65536,), data=A.data, layout=None)
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    W = T.decl_tensor((128, 512), data=A_sbuf.data, scope="trn.sbuf", layout=None)
    V[0] = W[1, 2]
