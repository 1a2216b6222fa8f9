# expect: 7:1: inconsistent use of tabs and spaces in indentation
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
    if True:
	pass
