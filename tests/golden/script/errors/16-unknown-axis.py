# expect: 4:38: unknown layout axis 'Q'
from tvm.script import tirx as T

L = T.TileLayout(T.S[(128, 512):(1 @ Q, 1 @ F)])
