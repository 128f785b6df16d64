"""Scalars that hold affine values: a block-local integer assigned once, at its
declaration, with an affine (or piecewise-affine, or delinearizable) expression of
the iterators and sizes, has that value where a subscript, bound or condition names
it; the statements still compute it, and read it, as written."""

from __future__ import annotations

import pytest

from polyopt.frontend import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc

# a 3-D stencil on linearized arrays whose index and neighbours are block-local
# scalars (as Rodinia's hotspot3D writes it), boundaries by ternaries
STENCIL = """\
#include <stdio.h>
#include <stdlib.h>
#define NX 40
#define NY 30
#define NZ 8
static void step(int nx, int ny, int nz, float *tIn, float *tOut, float cc, float cw)
{
  int x, y, z;
#pragma scop
  for (z = 0; z < nz; z++)
    for (y = 0; y < ny; y++)
      for (x = 0; x < nx; x++) {
        int c = x + y * nx + z * nx * ny;
        int w = (x == 0) ? c : c - 1;
        int e = (x == nx - 1) ? c : c + 1;
        int n = (y == 0) ? c : c - nx;
        int s = (y == ny - 1) ? c : c + nx;
        tOut[c] = cc * tIn[c] + cw * (tIn[w] + tIn[e] + tIn[n] + tIn[s]);
      }
#pragma endscop
}
int main(void)
{
  float *a = malloc(sizeof(float) * NX * NY * NZ), *b = malloc(sizeof(float) * NX * NY * NZ);
  for (int i = 0; i < NX * NY * NZ; i++)
    a[i] = (i % 13) * 0.25f;
  for (int t = 0; t < 6; t++) {
    step(NX, NY, NZ, a, b, 0.5f, 0.125f);
    float *swap = a; a = b; b = swap;
  }
  double sum = 0;
  for (int i = 0; i < NX * NY * NZ; i++)
    sum += a[i] * (i % 7);
  printf("%.6e\\n", sum);
  free(a);
  free(b);
  return 0;
}
"""

# an anti-diagonal sweep whose row and column are scalars of the diagonal's index
DIAGONAL = """\
#include <stdio.h>
#define N 120
static int score[N + 1][N + 1];
int main(void)
{
  int d, k;
  for (int i = 0; i <= N; i++)
    for (int j = 0; j <= N; j++)
      score[i][j] = (i * 7 + j * 3) % 11 - 5;
#pragma scop
  for (d = 2; d <= 2 * N; d++)
    for (k = 1; k <= N; k++) {
      int row = k;
      int col = d - k;
      if (col >= 1 && col <= N) {
        int best = score[row - 1][col - 1] + 1;
        best = best > score[row - 1][col] ? best : score[row - 1][col];
        score[row][col] = best > score[row][col - 1] ? best : score[row][col - 1];
      }
    }
#pragma endscop
  long sum = 0;
  for (int i = 0; i <= N; i++)
    for (int j = 0; j <= N; j++)
      sum += score[i][j] * (long)(i + 2 * j);
  printf("%ld\\n", sum);
  return 0;
}
"""


@needs_gcc
@pytest.mark.parametrize("program,scheduler", [(STENCIL, "auto"), (DIAGONAL, "auto"), (DIAGONAL, "isl"),
                                              pytest.param(STENCIL, "isl", marks=pytest.mark.slow)],
                         ids=["auto-stencil", "auto-diagonal", "isl-diagonal", "isl-stencil"])
def test_scalars_holding_affine_values_are_substituted(tmp_path, program, scheduler):
    result = optimize_source(SourceFile("k.c", program), Options(scheduler=scheduler))
    assert not [w for w in result.warnings if "warning:" in w], result.warnings
    assert len(result.scops) == 1
    expected, _ = compile_and_run(program, tmp_path, "original")
    assert compile_and_run(result.text, tmp_path, "optimized")[0] == expected


def test_the_stencil_is_parallel_with_its_scalars_private():
    """The scalars live within one point: private to each thread, the points are
    parallel (a candidate of the default runs them in parallel regions)."""
    result = optimize_source(SourceFile("k.c", STENCIL), Options())
    report = result.scops[0]
    assert report.statements == 6 and report.candidates
    assert any(c["parallel_regions"] > 0 and "scalars in order" in c["label"]
               for c in report.candidates), report.candidates


@pytest.mark.parametrize("definition,why", [
    ("int c = x + y * nx; c = c + 1;", "'c' is modified inside the region"),
    ("int c = idx[x];", "'c' holds a value that is not affine"),
    ("unsigned c = x + y * nx;", "'c' is modified inside the region"),
])
def test_scalars_that_do_not_hold_an_affine_value_still_leave_the_region(definition, why):
    program = ("void f(int nx, int ny, int *idx, float *a, float *b)\n{\n  int x, y;\n"
               "#pragma scop\n  for (y = 0; y < ny; y++)\n    for (x = 0; x < nx; x++) {\n"
               f"      {definition}\n      b[c] = a[c] * 2;\n    }}\n#pragma endscop\n}}\n")
    result = optimize_source(SourceFile("k.c", program), Options())
    assert not result.scops and result.text == program
    assert any(why in w for w in result.warnings), result.warnings
