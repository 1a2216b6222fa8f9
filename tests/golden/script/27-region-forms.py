from tvm_tirx.script import tirx as T


@T.function
def main():
    with T.device_entry():
        X = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
        with T.nki.tensorized_instruction():
            for p in T.serial(128, annotations={"nki_dim": "P"}):
                for f in T.serial(512, annotations={"nki_dim": "F"}):
                    T.nki.memset(X[p, f], T.float32(0.0))
        for b_loop in range(2):
            T.nki.tensorized_instruction()
            for p in T.serial(128, annotations={"nki_dim": "P"}):
                for f in T.serial(256, annotations={"nki_dim": "F"}):
                    T.nki.memset(X[p, b_loop * 256 + f], T.float32(1.0))
    with T.device_scope():
        pass
