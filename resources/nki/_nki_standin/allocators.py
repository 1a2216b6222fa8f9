"""Legacy direct allocation: ncc.sbuf / ncc.psum .mod_alloc(...) and
.alloc(func). A block tile's blocks are placed modulo the tile count
(blocks sharing bytes by this rotation share them on purpose)."""

import itertools
import math

from . import tensors


def _rotate(base, tiles, index, scale):
    """base + linear index of (index mod tiles) * scale, as the NKI docs define mod_alloc."""
    tiles = tuple(tiles) if tiles else (1,) * len(index)
    tiles = tiles + (1,) * (len(index) - len(tiles))
    linear = 0
    for i, n in zip(index, tiles):
        linear = linear * n + (i % n)
    return base + linear * scale


class _Allocator:
    def __init__(self, buffer_name, func, rotation):
        self.buffer_name = buffer_name
        self.func = func
        self.rotation = rotation

    def place(self, t, rec, stack):
        fdim = t.bytes_per_partition
        pdim = t.partition_count
        addresses = []
        for index in itertools.product(*[range(n) for n in t.block_shape]):
            placed = self.func(index, pdim, fdim)
            if self.buffer_name == "psum":
                bank, partition, byte = placed
                byte = bank * tensors.PSUM_BANK_BYTES + byte
            else:
                partition, byte = placed
            addresses.append({"partition": int(partition), "byte": int(byte)})
        what = f"'{t.name}'"
        for i, a in enumerate(addresses):
            label = what + (f" block {i}" if t.block_shape else "")
            tensors.check_partitions(rec, pdim, a["partition"], stack, label)
            if self.buffer_name == "psum":
                tensors.check_psum_place(rec, t, a["byte"], stack, "PSUM tile " + label)
            if len(addresses) > 1 and i >= 7 and all(x == addresses[0] for x in addresses[:i]):
                break
        rotation = dict(self.rotation)
        if rotation["allocator"] == "func":
            rotation["tiles"] = len({(a["partition"], a["byte"]) for a in addresses})
        if t.block_shape:
            t.blocks = {"count": t.block_count, "addresses": addresses, "rotation": rotation}
        else:
            t.address = addresses[0]


class _Memory:
    def __init__(self, name):
        self.name = name
        self.buffer_name = name

    def mod_alloc(self, base_addr=0, *, base_bank=0, base_partition=0, num_bank_tiles=(), num_par_tiles=(),
                  num_free_tiles=()):
        def func(index, pdim, fdim):
            partition = _rotate(base_partition, num_par_tiles, index, pdim)
            byte = _rotate(base_addr, num_free_tiles, index, fdim)
            if self.name == "psum":
                return _rotate(base_bank, num_bank_tiles, index, 1), partition, byte
            return partition, byte

        tiles = math.prod(num_free_tiles or (1,)) * math.prod(num_par_tiles or (1,))
        if self.name == "psum":
            tiles *= math.prod(num_bank_tiles or (1,))
        return _Allocator(self.name, func, {"allocator": "mod_alloc", "tiles": tiles})

    def alloc(self, func):
        return _Allocator(self.name, func, {"allocator": "func", "tiles": 0})

    def auto_alloc(self):
        return self.name

    def __str__(self):
        return self.name


sbuf = _Memory("sbuf")
psum = _Memory("psum")
