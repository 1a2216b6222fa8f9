# expect: 2:29: cannot import name 'Q' from 'tvm.tirx.layout'
from tvm.tirx.layout import Q
