"""The written masks kept as rectangles answer as the boolean array they stand
for: random sequences of box and cell-list accesses, set, cleared and
counted, against a NumPy array doing the same."""

import os
import random
import subprocess
import sys
import unittest

import numpy as np

import standin

sys.path.insert(0, os.path.join(standin.REPO, "resources", "nki"))
from _nki_standin.cellmask import CellMask, span  # noqa: E402


class BoxAccess:
    """An access as instructions.Access presents it to a mask: a box of slices
    over (blocks, partitions, row) or a list of flat cells."""

    def __init__(self, box=None, cells=None):
        self.box, self.cells = box, cells

    def rect(self, shape):
        if self.box is None:
            return None
        parts = [span(s.start, s.stop, s.step, n) for s, n in zip(self.box, shape)]
        count = parts[0][0] * parts[1][0] * parts[2][0]
        if any(p[1] is None for p in parts):
            return count, None
        return count, parts[0][1] + parts[1][1] + parts[2][1]

    def _cells(self, shape):
        return self.cells

    def _unset_in(self, grid):
        if self.box is not None:
            part = grid[self.box]
            return int(part.size - np.count_nonzero(part))
        return int(self.cells.size - np.count_nonzero(grid.reshape(-1)[self.cells]))

    def _mark_in(self, grid, value):
        if self.box is not None:
            grid[self.box] = value
        else:
            grid.reshape(-1)[self.cells] = value


def random_slice(rng, n):
    start = rng.randrange(0, n + 2)
    return slice(start, rng.randrange(start, n + 4), rng.choice([1, 1, 1, 2, 3]) if rng.random() < 0.2 else 1)


def random_access(rng, shape):
    if rng.random() < 0.1:
        total = shape[0] * shape[1] * shape[2]
        return BoxAccess(cells=np.array([rng.randrange(total) for _ in range(rng.randrange(20))], dtype=np.int64))
    blocks = slice(None) if rng.random() < 0.5 else (lambda b: slice(b, b + 1))(rng.randrange(shape[0]))
    return BoxAccess(box=(blocks, random_slice(rng, shape[1]), random_slice(rng, shape[2])))


class CellMaskTest(unittest.TestCase):
    def test_answers_as_the_array(self):
        rng = random.Random(27)
        for trial in range(400):
            shape = (rng.choice([1, 1, 3]), rng.choice([4, 16, 128]), rng.choice([8, 64]))
            reference = np.zeros(shape, dtype=bool)
            mask = CellMask(shape)
            for step in range(rng.randrange(1, 30)):
                access = random_access(rng, shape)
                roll = rng.random()
                if roll < 0.4:
                    self.assertEqual(mask.unset(access), access._unset_in(reference), (trial, step))
                else:
                    access._mark_in(reference, roll < 0.8)
                    mask.mark(access, roll < 0.8)
            whole = BoxAccess(box=(slice(None), slice(None), slice(None)))
            self.assertEqual(mask.unset(whole), whole._unset_in(reference), trial)

    def test_whole_tile_writes_stay_rectangles(self):
        mask = CellMask((1, 128, 512))
        whole = BoxAccess(box=(slice(None), slice(0, 128, 1), slice(0, 512, 1)))
        half = BoxAccess(box=(slice(None), slice(0, 128, 1), slice(0, 256, 1)))
        other = BoxAccess(box=(slice(None), slice(0, 128, 1), slice(256, 512, 1)))
        self.assertEqual(mask.unset(whole), 128 * 512)
        mask.mark(half, True)
        self.assertEqual(mask.unset(half), 0)
        self.assertEqual(mask.unset(other), 128 * 256)
        mask.mark(whole, True)
        self.assertEqual(mask.unset(whole), 0)
        self.assertIsNone(mask.array, "whole-tile and disjoint questions need no array")
        self.assertEqual(mask.rects, [(0, 1, 0, 128, 0, 512)])


class StartupTest(unittest.TestCase):
    def test_current_api_kernel_does_not_import_numpy(self):
        """NumPy is most of a small kernel's start-up: the stand-in imports it only on use."""
        code = ("import sys; sys.path.insert(0, sys.argv[1]); import _nki_standin.launch, nki.isa, nki.language; "
                "print('numpy' in sys.modules)")
        probe = subprocess.run([standin.PYTHON, "-I", "-c", code, os.path.dirname(standin.RUNNER)],
                               capture_output=True, text=True, timeout=60)
        self.assertEqual(probe.stdout.strip(), "False", probe.stderr)


if __name__ == "__main__":
    unittest.main()
