# expect: 4:18: invalid layout: 2 extents but 1 strides
from tvm.script import tirx as T

L = T.TileLayout(T.S[(128, 512):(1 @ P,)])
