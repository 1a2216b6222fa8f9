# expect: 4:1: only imports, constant bindings and @T.ir_module / @T.function definitions may appear at module level
from tvm.script import tirx as T

for i in range(3):
    pass
