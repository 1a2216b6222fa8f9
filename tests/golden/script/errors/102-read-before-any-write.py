# expect: 12:9: 'x' is read here before anything writes it
# expect: 12:9: 'y' is read here before anything writes it
# expect: 19:5: 'acc' is read here before anything writes it
from tvm_tirx.script import tirx as T


@T.function
def main(X: T.Tensor((128, 512), "float32"), Y: T.Tensor((128, 512), "float32")):
    x = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    y = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    for i in range(2):
        T.trn.tile.tensortensor(y, x, y, opcode="add")
        T.trn.tile.load(x, X)
    T.trn.tile.store(Y, y)
    # The matmul adds to what acc holds, and nothing cleared it.
    a = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout="PF")
    acc = T.alloc_tensor((128, 128), "float32", scope="trn.psum", layout="PF")
    T.trn.tile.load(a, X[:, 0:128])
    T.trn.tile.matmul(acc, a, a, acc)
