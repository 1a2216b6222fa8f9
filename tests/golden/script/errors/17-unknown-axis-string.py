# expect: 4:51: unknown layout axis 'Z'
from tvm.script import tirx as T

L = T.TileLayout.from_iters(shard=[T.Iter(128, 1, "Z")], replica=[], offset={})
