import tvm
from tvm_tirx.script import tirx as T

target = tvm.target.Target("aws/trn1/trn1.2xlarge")

with target:

    @T.function
    def main(A: T.Tensor((128, 512), "float32", layout=None)):
        A[0, 0] = T.float32(1.0)
