# An SBUF-destination matmul in a loop over K: the acc_psum slot is never cleared, so the second iteration's product adds onto the first and D receives their sum. Lowered as the reference does, with a warning at the call (spec 05 §6.5).
# passes: TrnPrivateTensorAlloc, TileDispatch
# expect: 14:9: warning: T.trn.tile.matmul: the acc_psum slots are never cleared and the enclosing loop(s) 'k' run this matmul again over the same slot(s): D receives the running sum of every product that went through its slot, not this product alone (the reference's lowering); to choose what accumulates, write D in PSUM, cleared first by a tensor_copy from a zeroed SBUF tile [TileDispatch]
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((128, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 2, 128):(1 @ F, 128 @ F, 1 @ P)]))
    B_sbuf = T.alloc_tensor((256, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 128):(128 @ F, 1 @ P, 1 @ F)]))
    C_sbuf = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    for k in range(2):
        T.trn.tile.matmul(C_sbuf, A_sbuf[:, k * 128 : k * 128 + 128], B_sbuf[k * 128 : k * 128 + 128, :], C_sbuf)
# ---- expected ----
# from tvm_tirx.script import tirx as T

@T.ir_module
class Module:
    @T.function
    def main():
        acc_psum = T.alloc_tensor((0, 0), ty_args=[T.Tensor((8, 128, 512), "float32", scope="trn.psum")])
        A_sbuf = T.alloc_tensor(ty_args=[T.Tensor((128, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 2, 128):(1 @ F, 128 @ F, 1 @ P)]))])
        B_sbuf = T.alloc_tensor(ty_args=[T.Tensor((256, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 128):(128 @ F, 1 @ P, 1 @ F)]))])
        C_sbuf = T.alloc_tensor(ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))])
        for k, lhs_b_loop, rhs_b_loop in T.grid(2, 1, 1):
            for reduction_b_loop in range(1):
                T.nki.tensorized_instruction()
                for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
                    for lhs_f_loop in T.serial(128, annotations={"nki_dim": "lhs_F"}):
                        for rhs_f_loop in T.serial(128, annotations={"nki_dim": "rhs_F"}):
                            T.nki.matmul(acc_psum[(lhs_b_loop + rhs_b_loop) % 8, lhs_f_loop, rhs_f_loop], A_sbuf[lhs_f_loop, p_loop + k * 128], B_sbuf[p_loop + k * 128, rhs_f_loop], T.bool(True))
            T.nki.tensorized_instruction()
            for lhs_f_loop in T.serial(128, annotations={"nki_dim": "P"}):
                for rhs_f_loop in T.serial(128, annotations={"nki_dim": "F"}):
                    T.nki.tensor_copy(C_sbuf[lhs_f_loop, rhs_f_loop], acc_psum[(lhs_b_loop + rhs_b_loop) % 8, lhs_f_loop, rhs_f_loop])
