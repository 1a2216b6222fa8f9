# Error: 21 nested loops; Python compiles at most 20 nested blocks.
from tvm.script import tirx as T

@T.prim_func
def deep(A: T.Tensor((128, 512), "float32"), B: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    for i0 in range(2):
        for i1 in range(2):
            for i2 in range(2):
                for i3 in range(2):
                    for i4 in range(2):
                        for i5 in range(2):
                            for i6 in range(2):
                                for i7 in range(2):
                                    for i8 in range(2):
                                        for i9 in range(2):
                                            for i10 in range(2):
                                                for i11 in range(2):
                                                    for i12 in range(2):
                                                        for i13 in range(2):
                                                            for i14 in range(2):
                                                                for i15 in range(2):
                                                                    for i16 in range(2):
                                                                        for i17 in range(2):
                                                                            for i18 in range(2):
                                                                                for i19 in range(2):
                                                                                    for i20 in range(2):
                                                                                        with T.nki.tensorized_instruction():
                                                                                            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                                                                                                for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                                                                                                    T.nki.load(a[p, f], A[p, f])
# expect: 28:85: error: this loop is nested 21 deep in the NKI kernel, and Python compiles at most 20 nested loops; fuse some of them
