"""Legacy ncc.sbuf.alloc(func): the block index picks the address."""
import neuronxcc.nki as nki
import neuronxcc.nki.compiler as ncc
import neuronxcc.nki.language as nl


def place(index, pdim_size, fdim_size):
    (block,) = index
    return 0, 4096 + block * fdim_size


@nki.jit
def legacy_alloc_func(a):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    blocks = nl.ndarray((2, nl.par_dim(128), 128), dtype=a.dtype, buffer=ncc.sbuf.alloc(place))
    for b in nl.sequential_range(2):
        blocks[b] = nl.load(a[b * 128:(b + 1) * 128, :])
        nl.store(out[b * 128:(b + 1) * 128, :], value=nl.exp(blocks[b]))
    return out
