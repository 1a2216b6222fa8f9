# Placement (chapter 05 §3.7) with every kind of workspace, the calls nested in loops: the allocations come
# first in creation order (bias 1.0, acc_psum, partial_reduce, bias 2.0), then the inits with the one
# registered last first, then the original body. Nothing is allocated inside the loops.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def kernel():
    T.device_entry()
    x = T.alloc_tensor((128, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1024):(1 @ P, 1 @ F)]))
    w = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    y = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    r = T.alloc_tensor((128, 2), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 2):(1 @ P, 1 @ F)]))
    for i in range(2):
        for j in range(4):
            T.trn.tile.activation(x, x, bias=1.0, opcode="exp")
            T.trn.tile.matmul(y, w, x[:, j * 128 : j * 128 + 128])
        T.trn.tile.tensorreduce(r[:, i], x, axes=-1, reduce_op="sum", max_inst_size=256)
        T.trn.tile.activation(x, x, bias=2.0, opcode="exp")
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def kernel():
    T.device_entry()
    bias_one = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    acc_psum = T.alloc_tensor((8, 128, 512), "float32", scope="trn.psum", allocated_addr=[0, 0])
    partial_reduce = T.alloc_tensor((128, 4), "float32", scope="trn.sbuf")
    bias_two = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(bias_two[p_loop, f_loop], T.float32(2.0))
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(bias_one[p_loop, f_loop], T.float32(1.0))
    x = T.alloc_tensor((128, 1024), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 1024):(1 @ P, 1 @ F)]))
    w = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    y = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 128):(1 @ P, 1 @ F)]))
    r = T.alloc_tensor((128, 2), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 2):(1 @ P, 1 @ F)]))
    for i in range(2):
        for j in range(4):
            T.trn.tile.activation(x, x, bias=1.0, const_bias=bias_one, opcode="exp")
            T.trn.tile.matmul(y, w, x[:, j * 128 : j * 128 + 128], acc_psum=acc_psum)
        T.trn.tile.tensorreduce(r[:, i], x, partial_reduce=partial_reduce, axes=-1, reduce_op="sum", max_inst_size=256)
        T.trn.tile.activation(x, x, bias=2.0, const_bias=bias_two, opcode="exp")
