# Reference: test_private_alloc_trn.py::test_unary_with_bias_scale: an exp activation with bias 1.0 and scale 2.0
# over a (512, 1024) tile on 128 partitions gets a (128, 512) const_bias tile (P of dst, default width 512).
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def unary():
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096):(1 @ P, 1 @ F)]))
    C_sbuf = T.alloc_tensor((512, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096):(1 @ P, 1 @ F)]))
    T.trn.tile.activation(C_sbuf, A_sbuf, bias=T.float32(1.0), scale=T.float32(2.0), opcode="exp")
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def unary():
    T.device_entry()
    const_bias = T.alloc_tensor((128, 512), scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p_loop, f_loop], T.float32(1.0))
    A_sbuf = T.alloc_tensor((512, 1024), scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096):(1 @ P, 1 @ F)]))
    C_sbuf = T.alloc_tensor((512, 1024), scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 4096):(1 @ P, 1 @ F)]))
    T.trn.tile.activation(C_sbuf[0:512, 0:1024], A_sbuf[0:512, 0:1024], scale=T.float32(2.0), bias=T.float32(1.0), const_bias=const_bias, opcode="exp")
