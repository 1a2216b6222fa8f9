# expect: 17:5: allocation 'A8' makes the PSUM tensors live at once need 18432 bytes per partition, more than the 16384 bytes of aws/trn1/trn1.2xlarge (8 banks of 2048 bytes)
# Nine 2 KiB PSUM tiles, none placed, all live at the copies below: the NKI
# compiler places PSUM bank by bank, and eight banks hold eight of them.
from tvm_tirx.script import tirx as T


@T.function
def main(C: T.Tensor((128, 512), "float32")):
    A0 = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.psum")])
    A1 = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.psum")])
    A2 = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.psum")])
    A3 = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.psum")])
    A4 = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.psum")])
    A5 = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.psum")])
    A6 = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.psum")])
    A7 = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.psum")])
    A8 = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.psum")])
    out = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(A0[p, f], T.float32(0.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(A1[p, f], T.float32(1.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(A2[p, f], T.float32(2.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(A3[p, f], T.float32(3.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(A4[p, f], T.float32(4.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(A5[p, f], T.float32(5.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(A6[p, f], T.float32(6.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(A7[p, f], T.float32(7.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(A8[p, f], T.float32(8.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(out[p, f], A0[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(out[p, f], A1[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(out[p, f], A2[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(out[p, f], A3[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(out[p, f], A4[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(out[p, f], A5[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(out[p, f], A6[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(out[p, f], A7[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(out[p, f], A8[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], out[p, f])
