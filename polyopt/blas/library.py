"""Which BLAS the generated calls link with, and the flags to build with it.

By default the OpenBLAS of the ``scipy-openblas32`` wheel (a dependency of
polyopt): its symbols carry a ``scipy_`` prefix (``scipy_cblas_dgemm``). With
``--blas-library`` the user names another CBLAS (MKL, a system OpenBLAS), whose
symbols are the plain ``cblas_*``. The generated code names its routines through
the macro ``POLYOPT_CBLAS_PREFIX`` (a string literal, used in asm labels), whose
default is chosen when the code is generated and which the flags set too, so a
file built with either library's flags links.
"""

from __future__ import annotations

import shlex

from polyopt.core.errors import UsageError
from polyopt.core.extras import require

WHEEL_PREFIX = "scipy_"


def symbol_prefix(library: str | None) -> str:
    """The prefix of the CBLAS symbols of `library` (None: the wheel's)."""
    return WHEEL_PREFIX if library is None else ""


def library_flags(library: str | None) -> list[str]:
    """Compile and link flags for `library`: None for the wheel's OpenBLAS; flags
    (starting with '-') as they are; a path to a library file; else a name for -l."""
    prefix = symbol_prefix(library)
    define = f'-DPOLYOPT_CBLAS_PREFIX="{prefix}"'
    if library is None:
        wheel = require("scipy_openblas32", "--blas without --blas-library")
        directory = wheel.get_lib_dir()
        return [f"-I{wheel.get_include_dir()}", define, f"-L{directory}",
                f"-l{wheel.get_library()}", f"-Wl,-rpath,{directory}"]
    words = shlex.split(library)
    if not words:
        raise UsageError("--blas-library is empty")
    if words[0].startswith("-") or "/" in words[0]:
        return [define, *words]
    return [define, f"-l{words[0]}", *words[1:]]
