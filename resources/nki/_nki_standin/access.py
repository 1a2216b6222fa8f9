"""Resolving an access (slices, integers, nl.ds, index grids, .ap, masks) to
the compact REGION form of TRACE.md: a partition range and, within one
partition's row, an element offset with [stride, count] dims."""

from .lazynp import loaded as numpy_loaded, np
from .loops import BUILTIN_RANGE as _range  # the user's `range` is a recording one

# Above this many elements an irregular access is summarised by its bounding box.
MATERIALISE_CAP = 1 << 22


class DynSlice:
    """nl.ds(start, size): `size` elements from `start`."""

    def __init__(self, start, size, step=1):
        self.start, self.size, self.step = start, size, step

    def __repr__(self):
        return f"nl.ds({self.start}, {self.size})"


def _as_int(value):
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return int(value)
    numpy = numpy_loaded()
    if numpy is None:
        return None
    if isinstance(value, numpy.bool_):
        return None
    if isinstance(value, numpy.integer):
        return int(value)
    if isinstance(value, numpy.ndarray) and value.ndim == 0 and value.dtype.kind in "iu":
        return int(value)
    return None


def _index_arrays():
    """The types an advanced index comes as (NumPy's only once something imported it)."""
    numpy = numpy_loaded()
    return (numpy.ndarray, list) if numpy is not None else list


def natural_dims(shape):
    dims, stride = [], 1
    for count in reversed(shape):
        dims.append([stride, int(count)])
        stride *= int(count)
    dims.reverse()
    return dims


def merge_dims(dims):
    """Drops count-1 dims and merges (s1, c1)(s2, c2) when s1 == s2 * c2."""
    out = []
    for stride, count in dims:
        if count == 1:
            continue
        if out and out[-1][0] == stride * count:
            out[-1] = [stride, out[-1][1] * count]
        else:
            out.append([stride, count])
    return out


def index_dims(offset, dims, key, keep_first):
    """Applies a basic or advanced index to (offset, dims).

    Returns (offset, dims, None) for a strided result, or
    (None, shape, elements) when index grids make it an element set.
    keep_first: an integer on dim 0 keeps a size-1 dim (on-chip partition dim).
    """
    if not isinstance(key, tuple):
        key = (key,)
    if len(key) <= len(dims):
        for k in key:
            if k.__class__ is not slice and k.__class__ is not int:
                break
        else:
            return _basic_dims(offset, dims, key, keep_first)
    if any(k is Ellipsis for k in key):
        at = next(i for i, k in enumerate(key) if k is Ellipsis)
        fill = len(dims) - (len(key) - 1 - sum(1 for k in key if k is None))
        key = key[:at] + (slice(None),) * max(fill, 0) + key[at + 1:]
    real = [k for k in key if k is not None]
    if len(real) > len(dims):
        raise IndexError(f"too many indices: {len(real)} for a tensor of {len(dims)} dimensions")
    key = tuple(key) + (slice(None),) * (len(dims) - len(real))
    arrays = _index_arrays()
    if any(isinstance(k, arrays) and _as_int(k) is None for k in key):
        return _advanced(offset, dims, key)
    out = []
    d = 0
    for k in key:
        if k is None:
            out.append([0, 1])
            continue
        stride, count = dims[d]
        i = _as_int(k)
        if i is not None:
            if i < 0:
                i += count
            if not 0 <= i < count:
                raise IndexError(f"index {int(k)} is out of bounds for a dimension of size {count}")
            offset += i * stride
            if keep_first and d == 0:
                out.append([stride, 1])
        elif isinstance(k, slice):
            start, stop, step = k.indices(count)
            n = len(_range(start, stop, step))
            offset += start * stride
            out.append([stride * step, n])
        elif isinstance(k, DynSlice):
            start = _as_int(k.start)
            if start is None:
                start = 0  # a runtime start: the stand-in knows no value, take the first
            step = _as_int(k.step) or 1
            offset += start * stride
            out.append([stride * step, int(k.size)])
        else:
            # A tensor or register used as a runtime index: the whole dim may be touched.
            out.append([stride, count])
        d += 1
    return offset, out, None


def _basic_dims(offset, dims, key, keep_first):
    """index_dims for a key of plain slices and ints only (by far the most common): the
    same result without the general path's checks."""
    out = []
    for d, k in enumerate(key):
        stride, count = dims[d]
        if k.__class__ is int:
            i = k
            if i < 0:
                i += count
            if not 0 <= i < count:
                raise IndexError(f"index {k} is out of bounds for a dimension of size {count}")
            offset += i * stride
            if keep_first and d == 0:
                out.append([stride, 1])
        else:
            start, stop, step = k.indices(count)
            offset += start * stride
            out.append([stride * step, len(_range(start, stop, step))])
    for stride, count in dims[len(key):]:
        out.append([stride, count])
    return offset, out, None


def _advanced(offset, dims, key):
    arrays, slices = [], []
    d = 0
    parts = []
    for k in key:
        if k is None:
            continue
        stride, count = dims[d]
        d += 1
        i = _as_int(k)
        if isinstance(k, (np.ndarray, list)) and i is None:
            arr = np.asarray(k)
            if arr.dtype.kind == "b":
                arr = np.nonzero(arr)[0]
            parts.append(("a", arr.astype(np.int64), stride))
        elif i is not None:
            parts.append(("i", i + count if i < 0 else i, stride))
        elif isinstance(k, slice):
            start, stop, step = k.indices(count)
            parts.append(("s", np.arange(start, stop, step, dtype=np.int64), stride))
        elif isinstance(k, DynSlice):
            start = _as_int(k.start) or 0
            parts.append(("s", start + np.arange(int(k.size), dtype=np.int64) * (_as_int(k.step) or 1), stride))
        else:
            parts.append(("s", np.arange(count, dtype=np.int64), stride))
    arrays = [p[1] for p in parts if p[0] == "a"]
    base = np.broadcast_shapes(*[a.shape for a in arrays]) if arrays else ()
    nslices = sum(1 for p in parts if p[0] == "s")
    shape = tuple(base) + tuple(len(p[1]) for p in parts if p[0] == "s")
    affine = _affine_grid(offset, parts, base, nslices)
    if affine is not None:
        return affine
    total = offset
    j = 0
    for kind, value, stride in parts:
        if kind == "i":
            total = total + value * stride
        elif kind == "a":
            total = total + value.reshape(value.shape + (1,) * nslices) * stride
        else:
            axes = [1] * (len(base) + nslices)
            axes[len(base) + j] = len(value)
            total = total + value.reshape(axes) * stride
            j += 1
    elements = np.broadcast_to(np.asarray(total, dtype=np.int64), shape)
    return None, shape, elements


def _affine_grid(offset, parts, base, nslices):
    """(offset, dims, None) when every index grid varies along one axis in equal steps
    (nl.arange(n)[:, None] + c and the like): the access is strided, no element set needed."""
    ndim = len(base) + nslices
    steps = [0] * ndim
    counts = list(base) + [0] * nslices
    j = 0
    for kind, value, stride in parts:
        if kind == "i":
            offset += value * stride
            continue
        if kind == "s":
            axis = len(base) + j
            j += 1
            arr = value
            counts[axis] = len(value)
        else:
            shaped = value.reshape((1,) * (len(base) - value.ndim) + value.shape)
            varying = [a for a, n in enumerate(shaped.shape) if n != 1]
            if len(varying) > 1:
                return None
            arr = shaped.ravel()
            axis = varying[0] if varying else None
        if arr.size == 0:
            return None
        offset += int(arr[0]) * stride
        if axis is None or arr.size == 1:
            continue
        step = int(arr[1] - arr[0])
        if not np.all(np.diff(arr) == step):
            return None
        steps[axis] += step * stride
    return offset, [[s, c] for s, c in zip(steps, counts)], None


def pattern_elements(offset, dims):
    total = np.asarray(offset, dtype=np.int64)
    for stride, count in dims:
        total = np.add.outer(total, np.arange(count, dtype=np.int64) * stride)
    return total


def apply_mask(elements, mask):
    """Keeps the elements where mask is true (mask broadcast to their shape)."""
    m = np.asarray(mask, dtype=bool)
    try:
        m = np.broadcast_to(m, elements.shape)
    except ValueError:
        # Legacy masks name only some axes of the grid; line them up from the left.
        m = m.reshape(m.shape + (1,) * (elements.ndim - m.ndim))
        m = np.broadcast_to(m, elements.shape)
    return elements[m]


def _progression(values):
    """(start, step, count) when sorted unique values are an arithmetic progression."""
    n = len(values)
    if n == 0:
        return 0, 1, 0, True
    if n == 1:
        return int(values[0]), 1, 1, True
    step = int(values[1] - values[0])
    ok = bool(np.all(np.diff(values) == step))
    if ok:
        return int(values[0]), step, n, True
    return int(values[0]), 1, int(values[-1] - values[0]) + 1, False


def _distinct(values):
    """Sorted distinct values of a small-range integer array, in linear time (no sort)."""
    low = int(values.min())
    marks = np.zeros(int(values.max()) - low + 1, dtype=bool)
    marks[values - low] = True
    return np.flatnonzero(marks) + low


# Why a region does not list the access's elements in the access's order
# (TRACE.md, "inexact"): the memory views draw it all the same; the
# simulator refuses it rather than pair the wrong elements.
TRANSPOSED = "its loops step through the partitions inside a free loop (a transposing access)"
BROADCAST = "it reads elements more than once (a step-0 broadcast loop)"
IRREGULAR = "its elements are not a partition progression times a free progression, in that order"
BOUNDING = "it is too large to list element by element, so its bounding box stands for it"


def region_from_elements(elements, row):
    flat = np.asarray(elements, dtype=np.int64).ravel()
    if flat.size == 0:
        return {"partitions": {"start": 0, "step": 1, "count": 0}, "free": {"offset": 0, "dims": [[1, 0]]}}
    rows = _distinct(flat // row)
    cols = _distinct(flat % row)
    p0, pstep, pcount, pexact = _progression(rows)
    c0, cstep, ccount, cexact = _progression(cols)
    region = {"partitions": {"start": p0, "step": pstep, "count": pcount},
              "free": {"offset": c0, "dims": [[cstep, ccount]]}}
    # The region lists its elements partition by partition; a simulator
    # takes them in that order, so it says when they are not the access's.
    listed = None
    if pexact and cexact and pcount * ccount == flat.size:
        listed = np.add.outer((p0 + pstep * np.arange(pcount, dtype=np.int64)) * row,
                              c0 + cstep * np.arange(ccount, dtype=np.int64)).ravel()
    if listed is None or not np.array_equal(listed, flat):
        region["inexact"] = IRREGULAR
    return region


def region_from_pattern(offset, dims, row):
    """The compact region of a strided access, or None when it is not one
    partition progression times a free pattern inside a row."""
    dims = [d for d in dims if d[1] != 1]
    # Split first, then merge each side: a merge across the split would hide the partition dim.
    part = merge_dims([d for d in dims if _is_partition_dim(d, row)])
    free = merge_dims([d for d in dims if not _is_partition_dim(d, row)])
    if len(part) > 1 or any(s < 0 for s, _ in dims):
        return None
    col = offset % row
    if col + sum((c - 1) * s for s, c in free) >= row:
        return None
    pstride, pcount = part[0] if part else (row, 1)
    region = {"partitions": {"start": offset // row, "step": pstride // row, "count": pcount},
              "free": {"offset": col, "dims": free or [[1, 1]]}}
    if any(s == 0 for s, _ in dims):
        region["inexact"] = BROADCAST
    elif part and any(not _is_partition_dim(d, row) for d in dims[:_last_partition_dim(dims, row)]):
        region["inexact"] = TRANSPOSED
    return region


def _is_partition_dim(dim, row):
    return dim[0] >= row and dim[0] % row == 0


def _last_partition_dim(dims, row):
    """The position of the innermost partition loop of `dims` (outermost first)."""
    return max(i for i, d in enumerate(dims) if _is_partition_dim(d, row))


def bounding_region(offset, dims, row):
    low = offset + sum((c - 1) * s for s, c in dims if s < 0)
    high = offset + sum((c - 1) * s for s, c in dims if s > 0)
    r0, r1 = low // row, high // row
    if r0 == r1:
        return {"partitions": {"start": r0, "step": 1, "count": 1},
                "free": {"offset": low % row, "dims": [[1, high - low + 1]]}, "inexact": BOUNDING}
    return {"partitions": {"start": r0, "step": 1, "count": r1 - r0 + 1},
            "free": {"offset": 0, "dims": [[1, row]]}, "inexact": BOUNDING}


def free_bytes(free, itemsize):
    dims = free["dims"]
    low = free["offset"] + sum((c - 1) * s for s, c in dims if s < 0 and c > 0)
    high = free["offset"] + sum((c - 1) * s for s, c in dims if s > 0 and c > 0)
    if any(c == 0 for _, c in dims):
        return [free["offset"] * itemsize, free["offset"] * itemsize]
    return [low * itemsize, (high + 1) * itemsize]


def free_columns(free):
    cols = pattern_elements(free["offset"], free["dims"]).ravel()
    return cols
