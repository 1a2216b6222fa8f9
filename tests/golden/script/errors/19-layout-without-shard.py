# expect: 4:18: invalid layout: T.TileLayout needs a shard T.S[...]
from tvm.script import tirx as T

L = T.TileLayout(3)
