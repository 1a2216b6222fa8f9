# expect: 4:27: invalid layout: a step is not allowed in T.S[...]
from tvm.script import tirx as T

L = T.TileLayout(T.S[128:1:2])
