from tvm_tirx.script import tirx as T


@T.function
def main(A_ptr: T.handle, n: T.int32, scale: T.float32, B: T.Tensor((64,), "float32", layout=None)) -> None:
    for i in range(n):
        B[i] = scale
