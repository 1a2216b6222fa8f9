from tvm_tirx.script import tirx as T


@T.ir_module
class Module:
    @T.function(private=True)
    def helper(A: T.Tensor((4,), "int32", layout=None)):
        A[3] = 7

    @T.function
    def main(A: T.Tensor((4,), "int32", layout=None)):
        T.func_attr({"global_symbol": "entry"})
        A[0] = 1
