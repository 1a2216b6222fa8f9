# from tvm_tirx.script import tirx as T

@T.ir_module
class Module:
    @T.function
    def main[n](A: T.Tensor((n,), "float32", layout=None), B: T.Tensor((n,), "float32", layout=None)):
        T.func_attr({"global_symbol": "add_one"})
        for i in range(n):
            B[i] = A[i] + T.float32(1.0)
