# from tvm_tirx.script import tirx as T

@T.ir_module
class Module:
    @T.function
    def main():
        T.device_entry()
        A = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
        T.trn.tile.memset(A[0:128, 0:4], T.float32(0.0))
