"""Stand-in for nki.language (a test double; see ../README.md)."""

import numpy as np

float32 = np.float32
float16 = np.float16
int32 = np.int32
add = np.add
multiply = np.multiply
subtract = np.subtract
sbuf = "sbuf"
psum = "psum"
shared_hbm = "shared_hbm"


class Tensor(np.ndarray):
    """An array that knows its buffer and offers the access-pattern view."""

    buffer = "shared_hbm"

    def ap(self, pattern, offset=0):
        flat = self.reshape(-1)
        shape = [count for _, count in pattern]
        strides = [step * flat.itemsize for step, _ in pattern]
        view = np.lib.stride_tricks.as_strided(flat[offset:], shape=shape, strides=strides)
        view = view.view(Tensor)
        view.buffer = self.buffer
        return view


def wrap(array):
    tensor = np.asarray(array).view(Tensor)
    tensor.buffer = "shared_hbm"
    return tensor


def ndarray(shape, dtype, buffer, address=None):
    tensor = np.zeros(shape, dtype=dtype).view(Tensor)
    tensor.buffer = buffer
    return tensor
