# Growth of a shared const_bias tile. The second activation (64 partitions, width 1024) raises the width of
# the bias-1.0 tile, which becomes (128, 1024) for both calls; its memset is rebuilt from the growing call's
# sizes (64 x 1024), as the reference does, so partitions 64..127 of columns 512..1023 stay unset. A bias of
# 2.0 is another key and another tile; its init is registered later, so it comes first.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def growth():
    T.device_entry()
    X = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    Y = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    U = T.alloc_tensor((64, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(64, 1024):(1 @ P, 1 @ F)]))
    V = T.alloc_tensor((64, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(64, 1024):(1 @ P, 1 @ F)]))
    T.trn.tile.activation(Y, X, bias=1.0, opcode="exp")
    T.trn.tile.activation(V, U, bias=1.0, opcode="exp", max_inst_size=1024)
    T.trn.tile.activation(X, Y, bias=2.0, opcode="sqrt")
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def growth():
    T.device_entry()
    bias_one = T.alloc_tensor((128, 1024), "float32", scope="trn.sbuf")
    bias_two = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(bias_two[p_loop, f_loop], T.float32(2.0))
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(64, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(1024, annotations={"nki_dim": "F"}):
                T.nki.memset(bias_one[p_loop, f_loop], T.float32(1.0))
    X = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    Y = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))
    U = T.alloc_tensor((64, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(64, 1024):(1 @ P, 1 @ F)]))
    V = T.alloc_tensor((64, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(64, 1024):(1 @ P, 1 @ F)]))
    T.trn.tile.activation(Y, X, bias=1.0, const_bias=bias_one, opcode="exp")
    T.trn.tile.activation(V, U, bias=1.0, const_bias=bias_one, opcode="exp", max_inst_size=1024)
    T.trn.tile.activation(X, Y, bias=2.0, const_bias=bias_two, opcode="sqrt")
