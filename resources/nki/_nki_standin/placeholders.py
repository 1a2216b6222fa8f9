"""Host modules the kernel imports but this interpreter lacks (torch, scipy,
pytest, ...) become placeholders that fail only when used."""

import importlib.machinery
import sys
import types

from . import state


class PlaceholderError(RuntimeError):
    pass


class _PlaceholderMeta(type):
    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _placeholder_class(f"{cls._ph_name}.{name}")

    def __call__(cls, *args, **kwargs):
        raise PlaceholderError(f"{cls._ph_name} is used, but its module is not installed for the explorer's Python "
                               "(a placeholder stands in for it)")

    def __repr__(cls):
        return f"<placeholder {cls._ph_name}>"


def _fail(name):
    def method(self, *args, **kwargs):
        raise PlaceholderError(f"{self._ph_name} is used, but its module is not installed")
    return method


def _placeholder_class(name):
    return _PlaceholderMeta(name.split(".")[-1], (), {"_ph_name": name, "__init__": _fail(name)})


def _framework_decorator(name):
    from . import jit
    return jit.decorator(name)


# Framework entry points that only wrap an NKI kernel: the kernel still runs.
KNOWN = {"torch_neuronx.nki_jit": _framework_decorator, "jax_neuronx.nki_call": _framework_decorator}


class _PlaceholderModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        known = KNOWN.get(f"{self.__name__}.{name}")
        if known is not None:
            return known(f"{self.__name__}.{name}")
        return _placeholder_class(f"{self.__name__}.{name}")


class Finder:
    """Last on sys.meta_path: answers only imports the user's files make. A finder and
    loader by its methods (importlib.abc would cost more start-up than all of this module)."""

    def find_spec(self, fullname, path=None, target=None):
        root = fullname.split(".")[0]
        if root in ("nki", "neuronxcc", "_nki_standin"):
            return None
        parent = sys.modules.get(fullname.rpartition(".")[0])
        if not isinstance(parent, _PlaceholderModule):
            frame = sys._getframe(1)
            while frame is not None and frame.f_code.co_filename.startswith("<frozen"):
                frame = frame.f_back
            if frame is None or not state.is_user_file(frame.f_code.co_filename):
                return None
            rec = state.recorder()
            rec.note("warning", "placeholder",
                     f"module '{fullname}' is not installed for the explorer's Python; a placeholder stands in "
                     "for it and fails only if the kernel uses it", rec.user_stack(frame), run_level=True,
                     once_key=fullname)
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec):
        module = _PlaceholderModule(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module):
        pass


def install():
    sys.meta_path.append(Finder())
