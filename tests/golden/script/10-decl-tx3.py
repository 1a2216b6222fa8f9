from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((512, 512), "float32", layout=None)):
    A_1 = T.decl_tensor(A.data, ty_args=[T.Tensor((262144,), "float32", layout=None)])
    A_sbuf = T.alloc_tensor(ty_args=[T.Tensor((128, 2048), "float32", scope="trn.sbuf")])
    A_flat = T.decl_tensor(A_sbuf.data, ty_args=[T.Tensor((262144,), "float32", scope="trn.sbuf")])
    A_1[5] = A_flat[7]
