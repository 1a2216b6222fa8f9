from tvm_tirx.script import tirx as T


@T.function
def main():
    T.device_entry()
    X = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim":"F"}):
                T.nki.memset(X[p, f], T.float32(0.0))
    for q in T.serial(4, unroll=True):
        X[q, 0] = T.float32(1.0)
    for r in T.serial(4, unroll=False):
        X[r, 1] = T.float32(1.0)
