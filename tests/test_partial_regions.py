"""Partial regions: where one statement of a marked region is not affine, the loop
nests around it are still optimized, each as a SCoP of its own, the rest is kept as
written, and the warning says which part."""

from __future__ import annotations

import pytest

from polyopt.frontend import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc

PROGRAM = """\
#include <stdio.h>
#define N 120
static double A[N][N], B[N][N], J[N][N], sum[N];
static int iN[N];
int main(void)
{
  int i, j, k;
  for (i = 0; i < N; i++) {
    iN[i] = i == 0 ? 0 : i - 1;
    for (j = 0; j < N; j++)
      A[i][j] = (i * 3 + j) % 17 * 0.125;
  }
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        B[i][j] += A[i][k] * A[k][j];
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      J[i][j] = B[iN[i]][j] - B[i][j];
  for (i = 0; i < N; i++) {
    sum[i] = 0;
    for (j = 0; j < N; j++)
      sum[i] += J[i][j] * J[i][j];
  }
#pragma endscop
  double s = 0;
  for (i = 0; i < N; i++)
    s += sum[i] * (i + 1);
  printf("%.10e %d %d %d\\n", s, i, j, k);
  return 0;
}
"""


@needs_gcc
@pytest.mark.parametrize("scheduler", ["auto", "isl"])
def test_the_affine_nests_around_an_indirect_access_are_optimized(tmp_path, scheduler):
    result = optimize_source(SourceFile("p.c", PROGRAM), Options(scheduler=scheduler))
    assert [scop.location.line for scop in result.scops] == [14, 21]
    warning, = [w for w in result.warnings if "warning:" in w]
    assert warning.startswith("p.c:20:") and "subscript is not affine" in warning
    assert "this part of the region stays as written" in warning and "line 14, line 21" in warning
    # the indirect nest is there as written, between the two optimized ones
    assert "J[i][j] = B[iN[i]][j] - B[i][j];" in result.text
    assert result.text.count("/* polyopt:") >= 1
    expected, _ = compile_and_run(PROGRAM, tmp_path, "original")
    assert compile_and_run(result.text, tmp_path, "optimized")[0] == expected


def test_strict_still_refuses_the_region():
    result = optimize_source(SourceFile("p.c", PROGRAM), Options(strict=False))
    assert result.scops
    from polyopt.core.errors import PolyoptError
    with pytest.raises(PolyoptError, match="subscript is not affine"):
        optimize_source(SourceFile("p.c", PROGRAM), Options(strict=True))
