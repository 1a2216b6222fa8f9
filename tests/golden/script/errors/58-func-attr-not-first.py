# expect: 7:5: T.func_attr must be the first statement of a function
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    x = 1
    T.func_attr({"global_symbol": "f"})
