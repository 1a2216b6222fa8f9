# Two matmuls into SBUF, neither in a loop: TrnPrivateTensorAlloc gives each its own acc_psum, both at PSUM bank 0, offset 0 (spec 05 §3.5), so the second product adds onto the first in slot 0. Allocated as the reference allocates it, with a warning at the second call.
# passes: TrnPrivateTensorAlloc, TileDispatch
# expect: 15:5: warning: T.trn.tile.matmul: this acc_psum is placed at PSUM bank 0, offset 0 like the acc_psum of an earlier matmul into SBUF, and neither is ever cleared: this product adds onto what that matmul left in the same slots (the reference's allocation); to start from zero, write D in PSUM, cleared first by a tensor_copy from a zeroed SBUF tile [TrnPrivateTensorAlloc]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    C_sbuf = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    D_sbuf = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    T.trn.tile.matmul(C_sbuf, A_sbuf, B_sbuf, C_sbuf)
    T.trn.tile.matmul(D_sbuf, A_sbuf, B_sbuf, D_sbuf)
# ---- expected ----
# from tvm_tirx.script import tirx as T

@T.ir_module
class Module:
    @T.function
    def main():
        acc_psum = T.alloc_tensor((0, 0), ty_args=[T.Tensor((8, 128, 512), "float32", scope="trn.psum")])
        acc_psum_1 = T.alloc_tensor((0, 0), ty_args=[T.Tensor((8, 128, 512), "float32", scope="trn.psum")])
        A_sbuf = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ F, 1 @ P)]))])
        B_sbuf = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))])
        C_sbuf = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))])
        D_sbuf = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))])
        for lhs_b_loop, rhs_b_loop in T.grid(1, 1):
            for reduction_b_loop in range(1):
                T.nki.tensorized_instruction()
                for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
                    for lhs_f_loop in T.serial(128, annotations={"nki_dim": "lhs_F"}):
                        for rhs_f_loop in T.serial(128, annotations={"nki_dim": "rhs_F"}):
                            T.nki.matmul(acc_psum[(lhs_b_loop + rhs_b_loop) % 8, lhs_f_loop, rhs_f_loop], A_sbuf[lhs_f_loop, p_loop], B_sbuf[p_loop, rhs_f_loop], T.bool(True))
            T.nki.tensorized_instruction()
            for lhs_f_loop in T.serial(128, annotations={"nki_dim": "P"}):
                for rhs_f_loop in T.serial(128, annotations={"nki_dim": "F"}):
                    T.nki.tensor_copy(C_sbuf[lhs_f_loop, rhs_f_loop], acc_psum[(lhs_b_loop + rhs_b_loop) % 8, lhs_f_loop, rhs_f_loop])
        for lhs_b_loop, rhs_b_loop in T.grid(1, 1):
            for reduction_b_loop in range(1):
                T.nki.tensorized_instruction()
                for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
                    for lhs_f_loop in T.serial(128, annotations={"nki_dim": "lhs_F"}):
                        for rhs_f_loop in T.serial(128, annotations={"nki_dim": "rhs_F"}):
                            T.nki.matmul(acc_psum_1[(lhs_b_loop + rhs_b_loop) % 8, lhs_f_loop, rhs_f_loop], A_sbuf[lhs_f_loop, p_loop], B_sbuf[p_loop, rhs_f_loop], T.bool(True))
            T.nki.tensorized_instruction()
            for lhs_f_loop in T.serial(128, annotations={"nki_dim": "P"}):
                for rhs_f_loop in T.serial(128, annotations={"nki_dim": "F"}):
                    T.nki.tensor_copy(D_sbuf[lhs_f_loop, rhs_f_loop], acc_psum_1[(lhs_b_loop + rhs_b_loop) % 8, lhs_f_loop, rhs_f_loop])
