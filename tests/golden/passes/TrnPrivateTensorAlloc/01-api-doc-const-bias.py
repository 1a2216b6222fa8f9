# The API doc's example: a constant bias gets a (128, 512) const_bias tile filled by a memset.
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

tile = T.Tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor(ty_args=[tile])
    C = T.alloc_tensor(ty_args=[tile])
    T.trn.tile.activation(C, A, bias=T.float32(1), opcode="exp")
# ---- expected ----
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

tile = T.Tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))

@T.function
def main():
    T.device_entry()
    const_bias = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p, f], T.float32(1))
    A = T.alloc_tensor(ty_args=[tile])
    C = T.alloc_tensor(ty_args=[tile])
    T.trn.tile.activation(C, A, bias=T.float32(1), const_bias=const_bias, opcode="exp")
