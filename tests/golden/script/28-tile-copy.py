# Copy kernels in the style of the reference's test_copy_trn.py.
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

src_shape = [512, 512]
src_layout = TileLayout(S[(4, 128, 512):(512 * 128, 512, 1)])
dst_layout = T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)])


@T.ir_module
class Module:
    @T.function
    def copy(A: T.Tensor(src_shape, "float32", layout=src_layout)) -> None:
        T.device_entry()
        A_sbuf = T.alloc_tensor(src_shape, "float32", scope="trn.sbuf", layout=dst_layout)
        for i in range(4):
            T.trn.tile.load(A_sbuf[i * 128 : i * 128 + 128, :], A[i * 128 : i * 128 + 128, :])

    @T.function
    def store_back(A: T.Tensor((128, 512), "float32", layout=TileLayout(S[(128, 512):(512, 1)]))) -> None:
        T.device_entry()
        A_sbuf = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
        T.trn.tile.load(A_sbuf, A)
        T.trn.tile.store(A, A_sbuf)

    @T.function
    def partial(A: T.Tensor((32, 512, 128), "float32", layout=None)) -> None:
        T.device_entry()
        B = T.alloc_tensor((16, 512, 128), "float32", scope="trn.sbuf", layout="FPF")
        for i in range(2):
            T.trn.tile.tensor_copy(B, A[i * 16 : i * 16 + 16], max_inst_size=1024)
        T.trn.tile.tensor_copy(B[0, 0:128, :], A[0, 0:128, 0:128])
