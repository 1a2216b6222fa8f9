# from tvm_tirx.script import tirx as T

@T.ir_module
class Module:
    @T.function
    def main(n: T.int32, A: T.Tensor((8,), "int32", layout=None)):
        if n < 4:
            A[0] = 1
        else:
            if n == 4:
                A[0] = 2
            else:
                A[0] = 3
        if n >= 0 and n != 7:
            A[1] = n
