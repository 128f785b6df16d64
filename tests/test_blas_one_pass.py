"""Two matrix-vector products over one matrix, A x and A^T y (atax, bicg, mvt):
under --blas they run as one OpenMP pass over the rows of A (each row's dot
product, then its share of the A^T product's sums in a buffer per thread), so
that A is read from memory once rather than twice. Checked: the spellings that
pair print the original's results with 1, 2 and 3 threads (rows and buffers that
do not split evenly) and built without OpenMP, and the near misses that must not
pair (the second product needs the whole of the first's output, or writes what
the first reads) keep two plain calls and their results."""

from __future__ import annotations

import os
import subprocess

import pytest

from polyopt.blas_library import library_flags
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import GCC, compile_and_run, needs_gcc
from tests.test_blas import _close

PROGRAM = r"""#include <stdio.h>
#define M 37
#define N 23
double A[M][N], x[N], y[N], z[N], t[M], u[M], w[M];
double alpha = 1.5, beta = 0.75;

void kernel(void)
{
  int i, j;
#pragma scop
SCOP
#pragma endscop
}

int main(void)
{
  int i, j;
  for (i = 0; i < M; i++) {
    for (j = 0; j < N; j++)
      A[i][j] = (double) ((i * 7 + j * 3) % 11) / 11.0 - 0.4;
    t[i] = (double) (i % 5) / 5.0;
    u[i] = (double) (i % 3) / 3.0 - 0.2;
    w[i] = (double) (i % 7) / 7.0;
  }
  for (j = 0; j < N; j++) {
    x[j] = (double) (j % 4) / 4.0 - 0.3;
    y[j] = (double) (j % 6) / 6.0;
    z[j] = (double) (j % 9) / 9.0 + 0.1;
  }
  kernel();
  for (i = 0; i < M; i++)
    printf("%.12g %.12g %.12g\n", t[i], u[i], w[i]);
  for (j = 0; j < N; j++)
    printf("%.12g %.12g %.12g\n", x[j], y[j], z[j]);
  return 0;
}
"""

PAIRED = {
    # atax: t = A x, then y = A^T t (the block of t the second call reads is done)
    "atax": """for (j = 0; j < N; j++)
    y[j] = 0;
  for (i = 0; i < M; i++) {
    t[i] = 0.0;
    for (j = 0; j < N; j++)
      t[i] = t[i] + A[i][j] * x[j];
    for (j = 0; j < N; j++)
      y[j] = y[j] + A[i][j] * t[i];
  }""",
    # bicg: two independent products in one nest, the transposed one first
    "bicg": """for (j = 0; j < N; j++)
    z[j] = 0;
  for (i = 0; i < M; i++) {
    u[i] = 0;
    for (j = 0; j < N; j++) {
      z[j] = z[j] + w[i] * A[i][j];
      u[i] = u[i] + A[i][j] * x[j];
    }
  }""",
    # mvt, scaled: both outputs keep their values (beta), alpha on each
    "mvt-scaled": """for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      t[i] = t[i] + alpha * A[i][j] * y[j];
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      z[j] = z[j] + beta * A[i][j] * w[i];""",
}

UNPAIRED = {
    # the second product needs all of the first's output (A^T first, then A of it)
    "needs-the-whole-output": """for (j = 0; j < N; j++)
    y[j] = 0;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      y[j] = y[j] + A[i][j] * w[i];
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      t[i] = t[i] + A[i][j] * y[j];""",
    # the second product writes the vector the first reads
    "writes-what-the-first-reads": """for (i = 0; i < M; i++) {
    u[i] = 0;
    for (j = 0; j < N; j++)
      u[i] = u[i] + A[i][j] * x[j];
  }
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      x[j] = x[j] + A[i][j] * w[i];""",
}


def _optimized(scop: str) -> tuple[str, str]:
    text = PROGRAM.replace("SCOP", scop)
    return text, optimize_source(SourceFile("t.c", text), Options(
        blas=True, blas_mode="always", use_database=False)).text


def _outputs(text: str, directory, openmp: bool, threads: list[int]) -> list[str]:
    source, executable = directory / "one-pass.c", directory / "one-pass"
    source.write_text(text)
    flags = ["-O2", "-Wall", "-Werror", "-Wno-unknown-pragmas"] + (["-fopenmp"] if openmp else [])
    build = subprocess.run([GCC, *flags, str(source), "-o", str(executable), "-lm",
                            *library_flags(None)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    return [subprocess.run([str(executable)], capture_output=True, text=True, check=True,
                           env={**os.environ, "OMP_NUM_THREADS": str(n)}).stdout
            for n in threads]


@needs_gcc
@pytest.mark.parametrize("openmp", [True, False])
@pytest.mark.parametrize("name", PAIRED)
def test_pairs_in_one_pass_print_the_same(tmp_path, name, openmp):
    text, optimized = _optimized(PAIRED[name])
    assert optimized.count("polyopt_cblas_dgemv(101") == 2, optimized   # where it cannot
    assert "#pragma omp simd reduction(+: polyopt_dot)" in optimized
    assert "as one pass over the matrix (C loops)" in optimized
    original, _ = compile_and_run(text, tmp_path, "original")
    for output in _outputs(optimized, tmp_path, openmp, [1, 2, 3] if openmp else [1]):
        assert _close(original, output, 1e-12), (original, output)


@needs_gcc
@pytest.mark.parametrize("name", UNPAIRED)
def test_near_misses_keep_two_plain_calls(tmp_path, name):
    text, optimized = _optimized(UNPAIRED[name])
    assert optimized.count("polyopt_cblas_dgemv(101") == 2, optimized
    assert "polyopt_sums" not in optimized
    original, _ = compile_and_run(text, tmp_path, "original")
    replaced, _ = compile_and_run(optimized, tmp_path, "blas", libraries=library_flags(None))
    assert _close(original, replaced, 1e-12), (original, replaced)
