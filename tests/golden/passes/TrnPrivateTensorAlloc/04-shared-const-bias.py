# Reference: test_private_alloc_trn.py::test_workspace_reuse: Two activations with the same constant bias share one const_bias tile, grown to the larger size.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

L = T.TileLayout(T.S[(128, 1024):(1 @ P, 1 @ F)])

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 1024), "float32", scope="trn.sbuf", layout=L)])
    C = T.alloc_tensor(ty_args=[T.Tensor((128, 1024), "float32", scope="trn.sbuf", layout=L)])
    T.trn.tile.activation(C, A, bias=0.0, opcode="exp", max_inst_size=1024)
    T.trn.tile.activation(A, C, opcode="exp")
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

L = T.TileLayout(T.S[(128, 1024):(1 @ P, 1 @ F)])

@T.function
def main():
    T.device_entry()
    const_bias = T.alloc_tensor(ty_args=[T.Tensor((128, 1024), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(1024, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p_loop, f_loop], T.float32(0.0))
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 1024), "float32", scope="trn.sbuf", layout=L)])
    C = T.alloc_tensor(ty_args=[T.Tensor((128, 1024), "float32", scope="trn.sbuf", layout=L)])
    T.trn.tile.activation(C, A, bias=0.0, const_bias=const_bias, opcode="exp", max_inst_size=1024)
    T.trn.tile.activation(A, C, const_bias=const_bias, opcode="exp")
