# Expected outputs of the reference's test_transform_naive_allocator.py, one
# function per test (TX2 spellings, Python arithmetic in allocated_addr).
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

src_shape = [128, 512]
src_layout = TileLayout(S[(128, 512) : (512, 1)])
dst_shape = [128, 512]
dst_layout = TileLayout(S[(128, 512) : (1 @ P, 1 @ F)])


@T.ir_module
class Module:
    @T.function
    def one_alloc(A: T.Tensor(src_shape, 'float32', layout=src_layout)) -> None:
        T.func_attr({"global_symbol": "copy"})

        T.device_entry()
        A_sbuf = T.alloc_tensor(dst_shape, "float32", scope="trn.sbuf", layout=dst_layout, allocated_addr=[0])  # noqa: E501
        T.trn.tile.load(A_sbuf, A)

    @T.function
    def two_alloc(A_ptr: T.handle) -> None:
        T.func_attr({"global_symbol": "copy"})
        T.device_entry()
        A_sbuf = T.alloc_tensor([256, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[0])  # noqa: E501
        B_sbuf = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[2*512*4])  # noqa: E501
        T.trn.tile.tensor_copy(B_sbuf[0:256, :], A_sbuf)

    @T.function
    def existing_alloc(A_ptr: T.handle) -> None:
        T.func_attr({"global_symbol": "copy"})
        T.device_entry()
        A_sbuf = T.alloc_tensor([256, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[4*512*4+1])  # noqa: E501
        B_sbuf = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[1])  # noqa: E501
        T.trn.tile.tensor_copy(B_sbuf[0:256, :], A_sbuf)

    @T.function
    def workspace(A_ptr: T.handle) -> None:
        T.func_attr({"global_symbol": "copy"})
        T.device_entry()
        A_sbuf = T.alloc_tensor([256, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[0])  # noqa: E501
        B_sbuf = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[2*512*4])  # noqa: E501
        C_sbuf = T.alloc_tensor([128, 1024], "float32", scope="trn.sbuf", allocated_addr=[2*512*4+4*512*4])  # noqa: E501
        T.trn.tile.activation(B_sbuf[0:256, :], A_sbuf, const_bias=C_sbuf)

    @T.function
    def other_scope(A_ptr: T.handle) -> None:
        T.func_attr({"global_symbol": "copy"})
        T.device_entry()
        A_sbuf = T.alloc_tensor([256, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[0])  # noqa: E501
        B_sbuf = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[2*512*4])  # noqa: E501
        C_sbuf = T.alloc_tensor([8, 128, 512], "float32", scope="global")
        T.trn.tile.activation(B_sbuf[0:256, :], A_sbuf, const_bias=C_sbuf)

    @T.function
    def tensor_views(A_ptr: T.handle) -> None:
        T.func_attr({"global_symbol": "copy"})
        T.device_entry()
        A_sbuf = T.alloc_tensor([256, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[0])  # noqa: E501
        B_sbuf = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[2*512*4])  # noqa: E501
        B_view = B_sbuf.view(2, 256, 512)
        T.trn.tile.tensor_copy(B_view[0], A_sbuf)
