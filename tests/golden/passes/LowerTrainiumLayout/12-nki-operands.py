# Element operands of T.nki.* calls are rewritten like any access.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF", allocated_addr=[0])
    for b_loop in range(1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(A_sbuf[p_loop, f_loop], A[p_loop, f_loop])
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main(A: T.Tensor((128, 512), "float32", layout=None)):
    A_1 = T.decl_tensor(A.data, ty_args=[T.Tensor((65536,), "float32", layout=None)])
    A_sbuf = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    for b_loop in range(1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(A_sbuf[p_loop, f_loop], A_1[p_loop * 512 + f_loop])
