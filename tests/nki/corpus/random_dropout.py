"""Dropout with the engines' random number generators: a seed from HBM
(set_rng_seed, rand_set_state), the generator's state saved and restored
(rand_get_state), raw random bits (rng), uniform noise (rand2) and
dropout itself on a [128, 512] activation."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def random_dropout(x, seed):
    rows, cols = x.shape
    out = nl.ndarray(x.shape, dtype=nl.float32, buffer=nl.shared_hbm)
    s = nl.ndarray((1, 1), dtype=nl.uint32, buffer=nl.sbuf)
    nisa.dma_copy(dst=s, src=seed)
    nisa.set_rng_seed(src_seeds=s)

    saved = nl.ndarray((rows, 6), dtype=nl.uint32, buffer=nl.sbuf)
    nisa.rand_get_state(dst=saved)
    bits = nl.ndarray((rows, 16), dtype=nl.uint32, buffer=nl.sbuf)
    nisa.rng(dst=bits)
    noise = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.sbuf)
    nisa.rand2(dst=noise, min=-0.01, max=0.01)
    nisa.rand_set_state(src_seeds=saved)

    t = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=x)
    nisa.tensor_tensor(dst=t, data1=t, data2=noise, op=nl.add)
    kept = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dropout(dst=kept, data=t, prob=0.1)
    nisa.dma_copy(dst=out, src=kept)
    return out
