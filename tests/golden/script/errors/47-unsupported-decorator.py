# expect: 4:1: unsupported decorator '@T.kernel'; expected @T.ir_module or @T.function
from tvm.script import tirx as T

@T.kernel
def main():
    pass
