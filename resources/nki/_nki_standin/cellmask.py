"""Which cells of an on-chip tensor (blocks x partitions x row elements) an
instruction has set: the uninitialised-read and matmul-accumulation checks.

Kernels almost always write whole tiles or rectangles of them, so a mask is
kept as a short list of set rectangles and becomes a NumPy boolean array
only when an access is irregular or a question cannot be answered from the
rectangles. A kernel of thousands of tiles then holds a few tuples per
tile instead of a byte per element. The answers are those of the array."""

# More set rectangles than this and the mask becomes an array.
MAX_RECTS = 16


def span(start, stop, step, n):
    """A slice's indices into n as NumPy takes them: (count, (low, high)) when they are
    contiguous (step 1 or at most one index), (count, None) otherwise."""
    start, stop, step = slice(start, stop, step).indices(n)
    count = (stop - start + step - 1) // step if stop > start else 0
    if count <= 1 or step == 1:
        return count, (start, start + count)
    return count, None


class CellMask:
    __slots__ = ("shape", "array", "rects")

    def __init__(self, shape):
        self.shape = shape
        self.array = None
        self.rects = []  # set (b0, b1, r0, r1, c0, c1) half-open, while array is None

    def _materialise(self):
        import numpy as np
        array = np.zeros(self.shape, dtype=bool)
        for b0, b1, r0, r1, c0, c1 in self.rects:
            array[b0:b1, r0:r1, c0:c1] = True
        self.array = array
        self.rects = None
        return array

    def unset(self, access):
        """How many of the cells the access touches are not set (a cell touched twice counts twice)."""
        if self.array is None:
            box = access.rect(self.shape)
            if box is None:
                if not self.rects:
                    return int(access._cells(self.shape).size)
            else:
                count, rect = box
                if count == 0 or not self.rects:
                    return count
                if rect is not None:
                    disjoint = True
                    for r in self.rects:
                        if _contains(r, rect):
                            return 0
                        if disjoint and _overlaps(r, rect):
                            disjoint = False
                    if disjoint:
                        return count
            self._materialise()
        return access._unset_in(self.array)

    def mark(self, access, value):
        """Sets (value true) or clears the cells the access touches."""
        if self.array is None:
            box = access.rect(self.shape)
            if box is None:
                if not value and not self.rects:
                    return
            else:
                count, rect = box
                if count == 0:
                    return
                if rect is not None:
                    rects = self.rects
                    if value:
                        for r in rects:
                            if _contains(r, rect):
                                return
                        if rects:
                            rects = self.rects = [r for r in rects if not _contains(rect, r)]
                        rects.append(rect)
                        if len(rects) <= MAX_RECTS:
                            return
                    else:
                        if not rects:
                            return
                        rects = self.rects = [r for r in rects if not _contains(rect, r)]
                        for r in rects:
                            if _overlaps(r, rect):
                                break
                        else:
                            return
            self._materialise()
        access._mark_in(self.array, value)


def _contains(outer, inner):
    return (outer[0] <= inner[0] and inner[1] <= outer[1] and outer[2] <= inner[2] and inner[3] <= outer[3]
            and outer[4] <= inner[4] and inner[5] <= outer[5])


def _overlaps(a, b):
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3] and a[4] < b[5] and b[4] < a[5]
