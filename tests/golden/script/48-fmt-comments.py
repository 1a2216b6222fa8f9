# fmt: off
from tvm_tirx.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout


@T.function
def main(A: T.Tensor((128, 512), "float32", layout=TileLayout(S[(128, 512):(512, 1)]))) -> None:  # noqa: E501
    # a comment line inside the body
    T.device_entry()
    A_sbuf = T.alloc_tensor(
        (128, 512),
        "float32",
        scope="trn.sbuf",
        layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]),  # trailing comma
    )
    T.trn.tile.load(
        A_sbuf[0:128, 0:512],
        A[0:128, 0:512],
    )
# fmt: on
