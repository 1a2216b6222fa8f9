"""The tensor object kernels hold (NkiTensor in the current API, a tile in
the legacy one): a tensor, an element offset and a [stride, count] pattern
over the tensor's storage (one block of a block tile), or an element set
when legacy index grids index it."""

import math

from . import access, dtypes, state, unmodelled


class View:
    def __init__(self, tensor, block=None, offset=0, dims=None, elements=None, eshape=None):
        self._t = tensor
        self._block = block
        self._pending = bool(tensor.block_shape) and block is None and dims is None and elements is None
        self._offset = offset
        self._dims = access.natural_dims(tensor.storage_shape) if dims is None else dims
        self._elements = elements
        self._eshape = eshape

    _access = None  # the instructions.Access of an unmasked use
    _strided = None  # the (region, bytes, rectangles) instructions resolve this view to; False: not strided
    _inner = 0  # >0: the last dim of _dims is hidden (a wider dtype's elements in the tensor's units)
    _dtype = None  # the element type of a reinterpreting .ap(dtype=...)

    # --- what a kernel reads -------------------------------------------------
    @property
    def shape(self):
        if self._elements is not None:
            return tuple(self._eshape)
        dims = self._dims[:-1] if self._inner else self._dims
        own = tuple(c for _, c in dims)
        return self._t.block_shape + own if self._pending else own

    @property
    def dtype(self):
        return self._dtype or self._t.dtype

    @property
    def buffer(self):
        from . import language
        return language.BUFFER_OBJECTS.get(self._t.buffer, self._t.buffer)

    @property
    def name(self):
        return self._t.name

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self):
        if self._elements is not None or self._inner or self._pending:
            return math.prod(self.shape)
        n = 1
        for _, c in self._dims:
            n *= c
        return n

    @property
    def offset(self):
        return self._offset

    @property
    def strides(self):
        return tuple(s for s, _ in self._dims)

    @property
    def itemsize(self):
        return self._t.dtype.itemsize

    def get_pattern(self):
        return [list(d) for d in self._dims]

    def is_contiguous(self):
        dims = self._dims[1:] if self._t.on_chip else self._dims
        return access.merge_dims(dims) in ([], [[1, math.prod(c for _, c in dims)]])

    def is_indirect(self):
        return False

    def __len__(self):
        return self.shape[0]

    def __repr__(self):
        return f"<{self._t.buffer} tensor '{self._t.name}' {list(self.shape)} {self._t.dtype}>"

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        unmodelled.stop(f"NkiTensor.{name}")

    # --- views ---------------------------------------------------------------
    def _derive(self, offset, dims, block=None):
        return View(self._t, self._block if block is None else block, offset, dims)

    def _open_block(self, key):
        """Indexes the block dims of a block tile; returns (block view, rest of key)."""
        key = key if isinstance(key, tuple) else (key,)
        nb = len(self._t.block_shape)
        head, rest = key[:nb], key[nb:]
        ints = [access._as_int(k) for k in head]
        if len(head) == nb and all(i is not None for i in ints):
            block = 0
            for i, n in zip(ints, self._t.block_shape):
                if not 0 <= i < n:
                    raise IndexError(f"block index {i} is out of bounds for {n} blocks of '{self._t.name}'")
                block = block * n + i
            return View(self._t, block, 0, None), rest
        # Blocks chosen by something other than integers: the access covers any block.
        view = View(self._t, None, 0, access.natural_dims(self._t.storage_shape))
        return view, rest

    def __getitem__(self, key):
        if self._pending:
            view, rest = self._open_block(key)
            return view[rest] if rest else view
        if self._elements is not None:
            return self
        offset, dims, elements = access.index_dims(self._offset, self._dims, key, self._t.on_chip and self._is_top())
        if elements is not None:
            return View(self._t, self._block, self._offset, self._dims, elements, dims)
        return self._derive(offset, dims)

    def _is_top(self):
        return bool(self._dims) and self._dims[0][0] == self._t.row and self._t.row > 0

    def __setitem__(self, key, value):
        from . import legacy_ops
        legacy_ops.assign(self[key], value, "=")

    def __iter__(self):
        raise TypeError("an NKI tensor is not iterable; index it or loop over a range")

    def ap(self, pattern, offset=None, scalar_offset=None, vector_offset=None, indirect_dim=0, dtype=None):
        dims = [[int(s), int(c)] for s, c in pattern]
        offset = self._offset if offset is None else int(offset)
        if dtype is None or dtypes.resolve(dtype).itemsize == self._t.dtype.itemsize:
            return View(self._t, self._block, offset, dims)
        return _reinterpreted(self._t, self._block, offset, dims, dtypes.resolve(dtype))

    def reshape(self, shape, *more):
        shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,) + more
        shape = tuple(int(s) for s in shape)
        if -1 in shape:
            known = math.prod(s for s in shape if s != -1)
            shape = tuple(self.size // known if s == -1 else s for s in shape)
        if math.prod(shape) != self.size:
            raise ValueError(f"cannot reshape {list(self.shape)} into {list(shape)}")
        base = self if not self._pending else View(self._t, 0, 0, access.natural_dims(self._t.storage_shape))
        merged = access.merge_dims(base._dims)
        if len(merged) > 1 or (merged and merged[0][0] != 1):
            raise ValueError("reshape of a non-contiguous view: slice after reshaping instead")
        return View(self._t, base._block, base._offset, access.natural_dims(shape))

    def slice(self, dim, start, end, step=1):
        key = [slice(None)] * len(self._dims)
        key[dim] = slice(start, end, step)
        return self[tuple(key)]

    def select(self, dim, index):
        key = [slice(None)] * len(self._dims)
        key[dim] = index
        if access._as_int(index) is None:
            key[dim] = slice(None)
            return self[tuple(key)]
        dims = list(self._dims)
        offset = self._offset + access._as_int(index) * dims[dim][0]
        del dims[dim]
        return self._derive(offset, dims)

    def permute(self, dims):
        return self._derive(self._offset, [self._dims[d] for d in dims])

    def transpose(self, *axes):
        order = axes[0] if len(axes) == 1 and isinstance(axes[0], (tuple, list)) else axes
        order = order or tuple(reversed(range(len(self._dims))))
        return self.permute(order)

    @property
    def T(self):
        return self.transpose()

    def broadcast(self, dim, size):
        dims = list(self._dims)
        dims[dim] = [0, int(size)]
        return self._derive(self._offset, dims)

    def broadcast_to(self, shape):
        dims = list(self._dims)
        for i, (have, want) in enumerate(zip(self.shape, shape)):
            if have == 1 and want != 1:
                dims[i] = [0, int(want)]
        return self._derive(self._offset, dims)

    def expand_dim(self, dim):
        dims = list(self._dims)
        dims.insert(dim, [0, 1])
        return self._derive(self._offset, dims)

    def squeeze_dim(self, dim):
        dims = list(self._dims)
        del dims[dim]
        return self._derive(self._offset, dims)

    def reshape_dim(self, dim, shape):
        stride, _ = self._dims[dim]
        inner = access.natural_dims(shape)
        dims = self._dims[:dim] + [[s * stride, c] for s, c in inner] + self._dims[dim + 1:]
        return self._derive(self._offset, dims)

    def flatten_dims(self, start_dim, end_dim):
        part = access.merge_dims(self._dims[start_dim:end_dim + 1])
        if len(part) > 1:
            raise ValueError("flatten_dims over dims that are not contiguous")
        count = math.prod(c for _, c in self._dims[start_dim:end_dim + 1])
        stride = part[0][0] if part else 1
        return self._derive(self._offset, self._dims[:start_dim] + [[stride, count]] + self._dims[end_dim + 1:])

    # --- legacy tile arithmetic ------------------------------------------------
    def _binary(self, op, other, reverse=False):
        from . import legacy_ops
        return legacy_ops.elementwise(op, (other, self) if reverse else (self, other))

    def __add__(self, o): return self._binary("add", o)
    def __radd__(self, o): return self._binary("add", o, True)
    def __sub__(self, o): return self._binary("subtract", o)
    def __rsub__(self, o): return self._binary("subtract", o, True)
    def __mul__(self, o): return self._binary("multiply", o)
    def __rmul__(self, o): return self._binary("multiply", o, True)
    def __truediv__(self, o): return self._binary("divide", o)
    def __rtruediv__(self, o): return self._binary("divide", o, True)
    def __neg__(self): return self._binary("multiply", -1.0)

    def _inplace(self, op, other):
        from . import legacy_ops
        legacy_ops.assign(self, other, op)
        return self

    def __iadd__(self, o): return self._inplace("+=", o)
    def __isub__(self, o): return self._inplace("-=", o)
    def __imul__(self, o): return self._inplace("*=", o)


def _reinterpreted(tensor, block, offset, dims, dtype):
    """A view whose pattern counts elements of another dtype, kept in the tensor's units:
    a wider type's element is `ratio` consecutive tensor elements (a hidden inner dim);
    a narrower type's pattern is scaled down and rounded out to whole tensor elements."""
    have = tensor.dtype.itemsize
    want = dtype.itemsize
    if want % have == 0:
        r = want // have
        view = View(tensor, block, offset * r, [[s * r, c] for s, c in dims] + [[1, r]])
        view._inner = r
    else:
        k = max(have // want, 1)
        scaled = [[max(s // k, 1) if s % k == 0 else s, c] for s, c in dims]
        if scaled and dims[-1][0] == 1:
            scaled[-1] = [1, -(-dims[-1][1] // k)]
        view = View(tensor, block, offset // k, scaled)
    view._dtype = dtype
    return view
