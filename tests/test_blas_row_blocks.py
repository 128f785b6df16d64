"""Two matrix-vector products over one matrix, A x and A^T y (atax, bicg, mvt):
under --blas they run in row blocks of A, each block's two calls one after the
other, so that the second call reads the block from cache (one pass over A from
memory rather than two). Checked: the spellings that pair print the original's
results through OpenBLAS with blocks of several sizes (a last block shorter than
the others, one row block, the smallest block of 8 rows), and the near misses
that must not pair (the second call needs the whole of the first's output, or
writes what the first reads) keep two plain calls and their results."""

from __future__ import annotations

import pytest

import polyopt.pipeline.blas
from polyopt.blas import library_flags
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc
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


def _optimized(scop: str, block_bytes: int, monkeypatch) -> tuple[str, str]:
    monkeypatch.setattr(polyopt.pipeline.blas, "row_block_bytes", lambda: block_bytes)
    text = PROGRAM.replace("SCOP", scop)
    return text, optimize_source(SourceFile("t.c", text), Options(
        blas=True, blas_mode="always", use_database=False)).text


@needs_gcc
@pytest.mark.parametrize("block_bytes", [10 * 23 * 8, 37 * 23 * 8, 1])   # 10 rows, all, 8
@pytest.mark.parametrize("name", PAIRED)
def test_pairs_in_row_blocks_print_the_same(tmp_path, monkeypatch, name, block_bytes):
    text, optimized = _optimized(PAIRED[name], block_bytes, monkeypatch)
    assert optimized.count("polyopt_cblas_dgemv(101") == 4, optimized   # blocked and plain
    assert "polyopt_row += polyopt_block" in optimized
    original, _ = compile_and_run(text, tmp_path, "original")
    replaced, _ = compile_and_run(optimized, tmp_path, "blas", libraries=library_flags(None))
    assert _close(original, replaced, 1e-12), (original, replaced)


@needs_gcc
@pytest.mark.parametrize("name", UNPAIRED)
def test_near_misses_keep_two_plain_calls(tmp_path, monkeypatch, name):
    text, optimized = _optimized(UNPAIRED[name], 10 * 23 * 8, monkeypatch)
    assert optimized.count("polyopt_cblas_dgemv(101") == 2, optimized
    assert "polyopt_row" not in optimized
    original, _ = compile_and_run(text, tmp_path, "original")
    replaced, _ = compile_and_run(optimized, tmp_path, "blas", libraries=library_flags(None))
    assert _close(original, replaced, 1e-12), (original, replaced)
