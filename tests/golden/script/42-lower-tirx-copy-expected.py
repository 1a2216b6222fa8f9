# test_copy_in_a_loop after LowerTIRx (chapter 03 §5.4), as the TX2 printer shows it.
from tvm_tirx.script import tirx as T


@T.function
def expected(A: T.Tensor((512, 512), layout=None)):
    T.func_attr({"global_symbol": "copy"})
    A_1 = T.decl_tensor((262144,), data=A.data, layout=None)
    A_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    for i, b_loop in T.grid(4, 1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(A_sbuf[p_loop, i * 512 + f_loop], A_1[i * 65536 + p_loop * 512 + f_loop])
