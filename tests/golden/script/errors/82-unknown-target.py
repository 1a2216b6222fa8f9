# expect: 6:6: unknown target 'aws/trn9/trn9.huge'
import tvm
from tvm.script import tirx as T

target = tvm.target.Target("aws/trn9/trn9.huge")
with target:

    @T.function
    def main(A: T.Tensor((128, 512), "float32")):
        A[0, 0] = T.float32(1.0)
