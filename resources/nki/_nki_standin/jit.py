"""@nki.jit and the legacy decorators: the wrapper remembers the function;
the launcher calls it once per program instance."""

import functools


class Kernel:
    def __init__(self, func, decorator, options=None):
        self.func = func
        self.decorator = decorator
        self.options = options or {}
        self.grid = None
        functools.update_wrapper(self, func)

    def __call__(self, *args, **kwargs):
        # A kernel calling another kernel (or module-level code calling one): run it inline.
        return self.func(*args, **kwargs)

    def __getitem__(self, grid):
        launched = Kernel(self.func, self.decorator, self.options)
        launched.grid = grid if isinstance(grid, tuple) else (grid,)
        return launched


def decorator(name):
    def deco(func=None, **options):
        if func is None:
            return lambda f: Kernel(f, name, options)
        if not callable(func):
            raise TypeError(f"@{name} decorates a function")
        return Kernel(func, name, options)

    deco.__name__ = name.split(".")[-1]
    return deco
