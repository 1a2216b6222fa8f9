"""Legacy direct allocation: a block tile rotated over 2 SBUF slots by
ncc.sbuf.mod_alloc, a PSUM tile by ncc.psum.mod_alloc."""
import neuronxcc.nki as nki
import neuronxcc.nki.compiler as ncc
import neuronxcc.nki.isa as nisa
import neuronxcc.nki.language as nl


@nki.jit
def legacy_mod_alloc(a):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    tiles = nl.ndarray((4, nl.par_dim(128), 512), dtype=a.dtype,
                       buffer=ncc.sbuf.mod_alloc(base_addr=0, num_free_tiles=(2,)))
    acc = nl.ndarray((nl.par_dim(128), 512), dtype=nl.float32, buffer=ncc.psum.mod_alloc(base_bank=2))
    for i in nl.affine_range(4):
        tiles[i] = nl.load(a[i * 128:(i + 1) * 128, :])
        acc[...] = nisa.tensor_copy(tiles[i])
        nl.store(out[i * 128:(i + 1) * 128, :], value=acc)
    return out
