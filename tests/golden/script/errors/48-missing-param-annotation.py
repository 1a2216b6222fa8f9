# expect: 5:10: parameter 'A' needs a type annotation
from tvm.script import tirx as T

@T.function
def main(A):
    pass
