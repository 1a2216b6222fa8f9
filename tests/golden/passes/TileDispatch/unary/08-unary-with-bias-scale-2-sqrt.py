# Reference: test_unary_trn.py::test_unary_with_bias_scale_2[op_type=sqrt] (a constant bias: TrnPrivateTensorAlloc adds a (128, 512) const_bias tile).
# passes: TrnPrivateTensorAlloc, TileDispatch, LowerTrainiumLayout
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096):(1 @ P, 1 @ F)]))
    C_sbuf = T.alloc_tensor((512, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096):(1 @ P, 1 @ F)]))
    T.trn.tile.activation(C_sbuf, A_sbuf, bias=T.float32(1.0), scale=T.float32(2.0), opcode="sqrt")
# ---- expected ----
from tvm_tirx.script import tirx as T

@T.function
def main():
    const_bias = T.alloc_tensor((128, 512), scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p_loop, f_loop], T.float32(1.0))
    A_sbuf = T.alloc_tensor((128, 4096), scope="trn.sbuf")
    C_sbuf = T.alloc_tensor((128, 4096), scope="trn.sbuf")
    for b_loop in T.serial(0, 8):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.activation(C_sbuf[p_loop, b_loop * 512 + f_loop], A_sbuf[p_loop, b_loop * 512 + f_loop], "sqrt", const_bias[p_loop, f_loop], T.float32(2.0))
