"""codegen.deferred: cgen imported without numpy's import time, its numpy helpers intact."""

import subprocess
import sys


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.split()


def test_importing_codegen_does_not_import_numpy():
    assert _run("import sys, polyopt.codegen; print('numpy' in sys.modules)") == ["False"]


def test_cgen_numpy_helpers_still_work_and_numpy_is_the_real_one_afterwards():
    out = _run("import sys, polyopt.codegen, cgen; print(cgen.dtype_to_ctype('float64')); "
               "import numpy; print(type(numpy).__name__, numpy.zeros(2).sum(), "
               "sys.modules['numpy'] is numpy, type(cgen.np).__name__)")
    assert out == ["double", "module", "0.0", "True", "_Deferred"]


def test_numpy_imported_first_is_left_alone():
    out = _run("import numpy, polyopt.codegen, cgen; print(cgen.np is numpy)")
    assert out == ["True"]
