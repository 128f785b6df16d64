"""cgen without numpy's import time.

cgen imports numpy when it is imported, for its dtype helpers (``dtype_to_ctype``,
``POD``), which polyopt never calls; importing numpy is 0.1 s of every run's
start-up, a tenth of the time polyopt takes on a PolyBench kernel. While cgen is
imported, ``numpy`` is a stand-in module that imports the real numpy the first
time one of its attributes is asked for, and passes that on: cgen keeps the
stand-in as its ``np``, and works as before if one of its numpy helpers is ever
called. The stand-in is in ``sys.modules`` only during that import: any other
``import numpy`` (scikit-learn's, a user's) gets the real module.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import types


class _Deferred(types.ModuleType):
    """A module whose attributes come from `name`, imported when first asked for."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self._real = None

    def __getattr__(self, attribute: str):
        # only for what the stand-in itself does not have (its __name__, __spec__...)
        real = object.__getattribute__(self, "_real")
        if real is None:
            name = object.__getattribute__(self, "__name__")
            if sys.modules.get(name) is self:
                del sys.modules[name]
            real = importlib.import_module(name)
            object.__setattr__(self, "_real", real)
        return getattr(real, attribute)


@contextlib.contextmanager
def numpy_deferred():
    """Within: ``import numpy`` gives a stand-in that imports numpy when first used
    (nothing changes where numpy is already imported)."""
    if "numpy" in sys.modules:
        yield
        return
    stand_in = _Deferred("numpy")
    sys.modules["numpy"] = stand_in
    try:
        yield
    finally:
        if sys.modules.get("numpy") is stand_in:
            del sys.modules["numpy"]
