"""Shared helpers: compile and run C programs for end-to-end checks."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

KERNELS = Path(__file__).parent / "kernels"


@pytest.fixture(autouse=True)
def private_tuning_database(tmp_path_factory, monkeypatch):
    """No test reads or writes the user's tuning database."""
    monkeypatch.setenv("POLYOPT_DB", str(tmp_path_factory.mktemp("db") / "tuning.sqlite"))
    # the cost model's threads' start pinned (6 ms: a region in a virtual machine's first
    # milliseconds, the largest start seen): choices do not depend on how loaded the
    # machine was when a test measured it (tests/test_machine.py measures)
    monkeypatch.setenv("POLYOPT_TEAM_NS", "6000000")
    # and fixed caches (32 KiB L1d, 512 KiB L2, 32 MiB L3, a common 2-core server's):
    # the tests' expectations of tiling do not depend on what sysfs reports (some
    # virtual machines report a 480 MiB L3, in which the cost model tiles nothing)
    monkeypatch.setenv("POLYOPT_CACHES", "32K,512K,32M")
    # and 32 vector registers (AVX-512's): the register tiles' factors do not depend on
    # the CPU the tests run on
    monkeypatch.setenv("POLYOPT_VECTOR_REGISTERS", "32")
    # and two threads (the tile sizes leave each thread a tile of a parallel member; the
    # programs the tests build run on two)
    monkeypatch.setenv("OMP_NUM_THREADS", "2")
    from polyopt.scheduler.registers import vector_registers
    vector_registers.cache_clear()
GCC = shutil.which("gcc")
WARNING = re.compile(r"warning: (.*)$", re.MULTILINE)


def compile_and_run(source_text: str, directory: Path, name: str,
                    flags=("-O2", "-fopenmp", "-Wall"), libraries=()) -> tuple[str, set[str]]:
    """Build a C program with gcc, run it with 2 threads; (stdout, warning messages).
    `libraries`: link flags, after the source (the linker reads them in order)."""
    source = directory / f"{name}.c"
    source.write_text(source_text)
    executable = directory / name
    build = subprocess.run([GCC, *flags, str(source), "-o", str(executable), "-lm", *libraries],
                           capture_output=True, text=True)
    assert build.returncode == 0, f"{name} does not compile:\n{build.stderr}\n{source_text}"
    run = subprocess.run([str(executable)], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "OMP_NUM_THREADS": "2"})
    assert run.returncode == 0, f"{name} failed with {run.returncode}: {run.stderr}"
    return run.stdout, set(WARNING.findall(build.stderr))


_references: dict[Path, tuple[str, set[str]]] = {}


def reference_output(path: Path, tmp_path_factory) -> tuple[str, set[str]]:
    """What the program at `path` prints as written, and its build's warnings
    (compile_and_run), built and run once per test session."""
    if path not in _references:
        directory = tmp_path_factory.mktemp("original")
        _references[path] = compile_and_run(path.read_text(), directory, path.stem)
    return _references[path]


def kernel_paths():
    return sorted(KERNELS.glob("*.c"))


needs_gcc = pytest.mark.skipif(GCC is None, reason="needs gcc")


# The PolyBench kernels every default run covers: one of each shape (products, a chain
# of products, triangular and in-place solvers, a reduction into vectors, stencils with
# and without time skew, a shortest-path closure).  Tests parametrized
# over the whole suite run the others only in the slow tier (`make test-slow`), which
# keeps `make test` within its 10 minutes on 2 cores.
DEFAULT_POLYBENCH = ("2mm", "atax", "cholesky", "fdtd-2d", "floyd-warshall", "lu",
                     "seidel-2d", "symm", "trmm")


def polybench_params(kernels, wrap=lambda kernel: kernel):
    """pytest parameters over `kernels`, those outside DEFAULT_POLYBENCH marked slow."""
    return [pytest.param(wrap(kernel), id=str(kernel),
                         marks=() if kernel in DEFAULT_POLYBENCH else pytest.mark.slow)
            for kernel in sorted(kernels)]
