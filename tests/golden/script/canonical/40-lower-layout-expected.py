# from tvm_tirx.script import tirx as T

@T.ir_module
class Module:
    @T.function
    def main():
        T.device_entry()
        A = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
        A[0, 2] = T.float32(1.0)
