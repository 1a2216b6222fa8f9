# expect: 6:1: expected an indented block
from tvm.script import tirx as T

@T.function
def main():
