# from tvm.script import ir as I
# from tvm.script import tirx as T

@I.ir_module
class Module:
    @T.prim_func
    def main(X: T.Buffer((128, 64), "float32", layout=None)):
        T.func_attr({"num_inputs": 1})
        X_1 = X.view(8192)
        xs = T.alloc_buffer((128, 64), scope="trn.sbuf", layout=None, allocated_addr=0)
        for b_loop in range(1):
            T.attr({"tensorized_nki_instruction": 1})
            for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
                for f_loop in T.serial(64, annotations={"nki_dim": "F"}):
                    T.nki.load(xs[p_loop, f_loop], X_1[p_loop * 64 + f_loop])
