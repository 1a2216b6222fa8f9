# A guard inside a tensorized nest after StmtSimplify (chapter 01 §12 item 12).
from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((128, 512), "float32", layout=None)):
    a = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    for j in range(4):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                if f_loop < j * 128:
                    T.nki.load(a[p_loop, f_loop], A[p_loop, f_loop])
