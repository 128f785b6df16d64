"""Optional dependencies: a module that one of polyopt's extras installs, imported
where it is needed, or one line that says which extra to install.

The base install is what the default optimizer needs; the rest comes with
``pip install 'polyopt[EXTRA]'`` (setup.cfg's extras_require)."""

from __future__ import annotations

import importlib
from types import ModuleType

from polyopt.core.errors import UsageError

# module imported -> (distribution to install, extra that installs it)
EXTRAS = {
    "sklearn": ("scikit-learn", "ml"),
    "dask": ("dask", "cluster"),
    "distributed": ("distributed", "cluster"),
    "dask_jobqueue": ("dask-jobqueue", "slurm"),
    "scipy_openblas32": ("scipy-openblas32", "blas"),
    "matplotlib": ("matplotlib", "polybench"),
    "pycuda": ("pycuda", "cuda"),
}


def missing_message(module: str, purpose: str, error: ImportError | None = None) -> str:
    """'PURPOSE needs DIST: pip install 'polyopt[EXTRA]'' (with why it did not import
    when the module is there but broken)."""
    distribution, extra = EXTRAS[module.split(".")[0]]
    broken = error is not None and not (isinstance(error, ModuleNotFoundError)
                                        and (error.name or "").split(".")[0] == module.split(".")[0])
    detail = f" (it does not import: {str(error).splitlines()[0]})" if broken else ""
    return f"{purpose} needs {distribution}{detail}: pip install 'polyopt[{extra}]'"


def require(module: str, purpose: str) -> ModuleType:
    """``import module``, or UsageError naming the extra that installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise UsageError(missing_message(module, purpose, error)) from None
