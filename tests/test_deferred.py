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


# polyopt.startup: islpy's and pytools' version modules without importlib.metadata

def test_starting_polyopt_does_not_import_importlib_metadata():
    assert _run("import sys, polyopt.cli; print('importlib.metadata' in sys.modules)") == ["False"]


def test_version_modules_say_what_the_installed_metadata_says():
    out = _run("import polyopt, islpy, pytools, islpy.version as v; "
               "from importlib import metadata; "
               "print(islpy.__version__ == metadata.version('islpy'), "
               "pytools.__version__ == metadata.version('pytools'), "
               "islpy.version is v, v.VERSION == tuple(map(int, v.VERSION_TEXT.split('.'))))")
    assert out == ["True", "True", "True", "True"]


def test_no_version_module_without_a_metadata_directory_or_once_imported():
    from polyopt.startup import _version_module
    assert _version_module("polyopt_no_such_package") is None
    assert _version_module("islpy") is None          # already imported here: left alone
