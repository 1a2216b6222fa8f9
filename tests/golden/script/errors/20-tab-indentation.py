# expect: 6:1: tab character in indentation; indent with spaces
from tvm.script import tirx as T

@T.function
def main(A: T.Tensor((128, 512), "float32")):
	pass
