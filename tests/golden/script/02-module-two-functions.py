from tvm_tirx.script import tirx as T


@T.ir_module
class Module:
    @T.function
    def first(A: T.Tensor((16,), "float32", layout=None)):
        A[0] = T.float32(0.0)

    @T.function
    def second(B: T.Tensor((8, 8), "float16", layout=None)):
        B[1, 2] = T.float16(2.5)
