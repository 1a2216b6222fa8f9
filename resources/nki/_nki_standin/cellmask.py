"""Which cells of an on-chip tensor (blocks x partitions x row elements) an
instruction has set: the uninitialised-read and matmul-accumulation checks.

Kernels almost always write whole tiles or rectangles of them, so a mask is
kept as a short list of set rectangles and becomes a NumPy boolean array
only when an access is irregular or a question cannot be answered from the
rectangles. A kernel of thousands of tiles then holds a few tuples per
tile instead of a byte per element. The answers are those of the array."""

# More set rectangles than this and the mask becomes an array.
MAX_RECTS = 16


def _span(index):
    """(low, high) of a range with step 1 (or of at most one element); None otherwise."""
    if len(index) <= 1 or index.step == 1:
        return (index.start, index.start + len(index)) if len(index) else (0, 0)
    return None


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

    @staticmethod
    def _rect(box, shape):
        """The box's index ranges clipped to shape as NumPy would, their cell count and,
        when each range is contiguous, the rectangle."""
        ranges = [range(*s.indices(n)) for s, n in zip(box, shape)]
        count = len(ranges[0]) * len(ranges[1]) * len(ranges[2])
        spans = [_span(r) for r in ranges]
        if None in spans:
            return count, None
        (b0, b1), (r0, r1), (c0, c1) = spans
        return count, (b0, b1, r0, r1, c0, c1)

    def unset(self, access):
        """How many of the cells the access touches are not set (a cell touched twice counts twice)."""
        if self.array is None:
            box = access._box(self.shape)
            if box is None:
                if not self.rects:
                    return int(access._cells(self.shape).size)
            else:
                count, rect = self._rect(box, self.shape)
                if count == 0 or not self.rects:
                    return count
                if rect is not None:
                    if any(_contains(r, rect) for r in self.rects):
                        return 0
                    if not any(_overlaps(r, rect) for r in self.rects):
                        return count
            self._materialise()
        return access._unset_in(self.array)

    def mark(self, access, value):
        """Sets (value true) or clears the cells the access touches."""
        if self.array is None:
            box = access._box(self.shape)
            if box is None:
                if not value and not self.rects:
                    return
            else:
                count, rect = self._rect(box, self.shape)
                if count == 0:
                    return
                if rect is not None:
                    if value:
                        if any(_contains(r, rect) for r in self.rects):
                            return
                        self.rects = [r for r in self.rects if not _contains(rect, r)]
                        self.rects.append(rect)
                        if len(self.rects) <= MAX_RECTS:
                            return
                    else:
                        self.rects = [r for r in self.rects if not _contains(rect, r)]
                        if not any(_overlaps(r, rect) for r in self.rects):
                            return
            self._materialise()
        access._mark_in(self.array, value)


def _contains(outer, inner):
    return (outer[0] <= inner[0] and inner[1] <= outer[1] and outer[2] <= inner[2] and inner[3] <= outer[3]
            and outer[4] <= inner[4] and inner[5] <= outer[5])


def _overlaps(a, b):
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3] and a[4] < b[5] and b[4] < a[5]
