# from tvm_tirx.script import tirx as T

@T.ir_module
class Module:
    @T.function
    def main(A: T.Tensor((512, 512), "float32", layout=None)):
        T.func_attr({"global_symbol": "copy"})
        A_1 = T.decl_tensor(A.data, ty_args=[T.Tensor((262144,), "float32", layout=None)])
        A_sbuf = T.alloc_tensor(ty_args=[T.Tensor((128, 2048), "float32", scope="trn.sbuf")])
        for i, b_loop in T.grid(4, 1):
            T.nki.tensorized_instruction()
            for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
                for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                    T.nki.load(A_sbuf[p_loop, i * 512 + f_loop], A_1[i * 65536 + p_loop * 512 + f_loop])
