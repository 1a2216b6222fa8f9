"""Tile sizes from a config dataclass passed as a keyword (setup + kwargs)."""
from dataclasses import dataclass

import nki
import nki.isa as nisa
import nki.language as nl


@dataclass
class Config:
    tile_rows: int
    tile_cols: int
    scale: float


@nki.jit
def config_dataclass(a, config):
    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
    for r in nl.affine_range(a.shape[0] // config.tile_rows):
        for c in nl.affine_range(a.shape[1] // config.tile_cols):
            t = nl.ndarray((config.tile_rows, config.tile_cols), dtype=a.dtype, buffer=nl.sbuf)
            rows = nl.ds(r * config.tile_rows, config.tile_rows)
            cols = nl.ds(c * config.tile_cols, config.tile_cols)
            nisa.dma_copy(dst=t, src=a[rows, cols])
            nisa.tensor_scalar(dst=t, data=t, op0=nl.multiply, operand0=config.scale)
            nisa.dma_copy(dst=out[rows, cols], src=t)
    return out
