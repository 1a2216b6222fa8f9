# A (256, 256) causal mask whose two row blocks sit side by side in F
# (physical (128, 512)): one instruction over all 512 free elements, the
# predicate read through the fused free index, as the reference's
# restrict_inst_to_one_dim fuses them (chapter 05 §4.7).
# passes: TileDispatch, LowerTrainiumLayout, StmtSimplify
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((256, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 256):(256 @ F, 1 @ P, 1 @ F)]))
    B_sbuf = T.alloc_tensor((256, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 128, 256):(256 @ F, 1 @ P, 1 @ F)]))
    T.trn.tile.affine_select(B_sbuf, A_sbuf, T.float32(-1.0), lambda r, c: c <= r)
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    A_sbuf = T.alloc_tensor((128, 512), scope="trn.sbuf")
    B_sbuf = T.alloc_tensor((128, 512), scope="trn.sbuf")
    for b_loop in T.serial(0, 1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.affine_select(B_sbuf[p_loop, f_loop], f_loop % 256 <= f_loop // 256 * 128 + p_loop, A_sbuf[p_loop, f_loop], T.float32(-1.0))
