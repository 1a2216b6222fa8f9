# expect: 7:5: old tile op 'Tx.compose_op' has no one-to-one T.trn.tile equivalent
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    Tx.compose_op(A_sbuf)
