"""NKI data types: strings (as in the current API) that know their size.
Packed types (the _x4 family) count their packed size."""


class DType(str):
    itemsize = 4

    def __new__(cls, name, itemsize):
        obj = str.__new__(cls, name)
        obj.itemsize = itemsize
        return obj

    @property
    def name(self):
        return str(self)

    def __repr__(self):
        return "nl." + str(self)


_SIZES = {
    "bool_": 1, "int8": 1, "int16": 2, "int32": 4, "uint8": 1, "uint16": 2, "uint32": 4,
    "int64": 8, "uint64": 8,
    "float16": 2, "float32": 4, "bfloat16": 2, "tfloat32": 4,
    "float8_e4m3": 1, "float8_e4m3fn": 1, "float8_e5m2": 1, "float8_e8m0fnu": 1,
    "float8_e4m3fn_x4": 4, "float8_e5m2_x4": 4, "float4_e2m1fn_x4": 2,
}
# Names other spellings arrive under (NumPy, legacy kernels).
_ALIASES = {
    "bool": "bool_", "float": "float32", "fp32": "float32", "bf16": "bfloat16", "fp16": "float16",
    "half": "float16", "float8e4": "float8_e4m3", "float8e5": "float8_e5m2",
    "fp8_e4m3": "float8_e4m3", "fp8_e5m2": "float8_e5m2",
}

ALL = {name: DType(name, size) for name, size in _SIZES.items()}


def resolve(value):
    """A DType for what a kernel passes as dtype (nl.float32, 'bfloat16', np.float32, ...)."""
    if isinstance(value, DType):
        return value
    name = None
    if isinstance(value, str):
        name = value
    else:
        name = getattr(value, "__name__", None) or getattr(value, "name", None)
        if name is None:
            try:
                import numpy
                name = numpy.dtype(value).name
            except Exception:
                name = None
    if not isinstance(name, str):
        raise TypeError(f"not an NKI dtype: {value!r}")
    name = _ALIASES.get(name, name)
    if name in ALL:
        return ALL[name]
    raise TypeError(f"not an NKI dtype: {value!r}")
