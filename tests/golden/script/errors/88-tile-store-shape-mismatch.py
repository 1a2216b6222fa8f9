# expect: 8:5: the operand shapes of 'T.trn.tile.store' do not match: src 'm' is (128, 1) and dst 'Y' is (128, 512); a copy pairs their non-unit extents one to one and does not broadcast
from tvm.script import tirx as T

@T.function
def main(Y: T.Tensor((128, 512), "float32", layout=T.TileLayout(T.S[(128, 512):(512, 1)]))):
    T.device_entry()
    m = T.alloc_tensor((128, 1), "float32", scope="trn.sbuf", layout="PF")
    T.trn.tile.store(Y, m)
