"""--blas --target cuda: matched statements become cuBLAS calls on the
arrays in device memory, the other statements kernels as usual. Checked on the CPU:
the emulation (polyopt.codegen.emulation) runs the kernels and a column-major cuBLAS
of naive loops, so a call whose arguments (transposes, sizes, triangles, sides,
leading dimensions, offsets) are wrong prints different numbers."""

from __future__ import annotations

import os

import pytest

from polyopt.cli import main
from polyopt.frontend import read_source
from polyopt.pipeline import Options, optimize_source
from polyopt.polybench.experiment import compare_dumps, parse_dumps
from tests.conftest import GCC, KERNELS
from tests.test_cuda import NVCC, ORDERS, _emulate, _nvcc_compiles, _run, needs_gxx
from tests.test_polybench_suite import SUITE


def _cublas(kernel: str, dataset: str = "MINI"):
    options = Options(target="cuda", blas=True, defines=[f"{dataset}_DATASET"],
                      include_dirs=[str(SUITE)])
    return optimize_source(read_source(str(SUITE / "kernels" / f"{kernel}.c")), options)


def _calls(text: str) -> int:
    return text.count("polyopt_cublas_check(polyopt_cublas_")


@needs_gxx
@pytest.mark.parametrize("kernel, calls", [
    ("gemm", 1), ("syrk", 1), ("syr2k", 1), ("symm", 1), ("trmm", 1), ("mvt", 2), ("gemver", 5),
    # the other statements as kernels (or C) between the calls
    ("2mm", 2), ("atax", 2), ("trisolv", 1),
    pytest.param("3mm", 3, marks=pytest.mark.slow), pytest.param("bicg", 2, marks=pytest.mark.slow),
    pytest.param("gesummv", 2, marks=pytest.mark.slow),
    pytest.param("covariance", 1, marks=pytest.mark.slow)])
def test_cublas_calls_compute_what_the_loops_compute(kernel, calls, tmp_path):
    result = _cublas(kernel)
    assert _calls(result.text) == calls, result.text
    assert "cuBLAS" in result.text and "--blas changes the order of floating-point sums" in result.text
    harness = tmp_path / "harness.o"
    assert _run([GCC, "-O1", "-c", f"-I{SUITE}", str(SUITE / "harness.c"), "-o",
                 str(harness)]).returncode == 0
    flags = [f"-I{SUITE}", "-DMINI_DATASET"]
    source = SUITE / "kernels" / f"{kernel}.c"
    assert _run([GCC, "-O1", *flags, str(source), str(harness), "-o", str(tmp_path / "original"),
                 "-lm"]).returncode == 0
    dump = {"HARNESS_DUMP": "1"}
    expected = parse_dumps(_run([str(tmp_path / "original")], env={**os.environ, **dump}).stderr)
    for run, order in zip(_emulate(result.text, tmp_path, kernel, flags, [harness], dump), ORDERS):
        verdict, error, difference = compare_dumps(expected, parse_dumps(run.stderr), 1e-12, 1e-14)
        assert verdict in ("exact", "tolerance"), f"{kernel} ({order}): {difference}"


@pytest.mark.skipif(NVCC is None, reason="needs nvcc")
@pytest.mark.parametrize("kernel", ["gemm", pytest.param("2mm", marks=pytest.mark.slow)])
def test_cublas_code_builds_with_nvcc_without_its_header(kernel, tmp_path):
    """The routines are declared by polyopt (asm labels to cuBLAS's symbols): nvcc needs
    no cuBLAS header, and warns about nothing."""
    text = _cublas(kernel).text
    _nvcc_compiles(text, tmp_path, kernel, [f"-I{SUITE}", "-DMINI_DATASET"])


def test_a_scop_without_blas_is_offloaded_as_usual():
    result = optimize_source(read_source(str(KERNELS / "jacobi2d.c")),
                             Options(target="cuda", blas=True))
    assert _calls(result.text) == 0 and "__global__" in result.text
    assert any("no statement is a BLAS operation" in w for w in result.warnings)


def test_blas_flags_for_the_gpu(capsys):
    assert main(["--blas-flags", "--target", "cuda"]) == 0
    assert capsys.readouterr().out.strip() == "-lcublas"
