"""Names are names: variables and arrays named like isl's words or like the affine
calls polyopt reads (`min`, `max`, `floor`, `mod`, `and`, `exists`) are modelled."""

from __future__ import annotations

import pytest

from polyopt.frontend import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc

PROGRAM = """\
#include <stdio.h>
#define N 300
static double max[N][N], exists[N], and[N], mod[N];
static int a[N][N];
int main(void)
{
  int i, j;
  for (i = 0; i < N; i++) {
    exists[i] = i % 7 * 0.25;
    for (j = 0; j < N; j++) {
      max[i][j] = (i * 3 + j) % 11 * 0.5;
      a[i][j] = (i * 7 + j * 5) % 13;
    }
  }
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      double min = max[i][j] * 2.0;
      double floor = min + exists[i];
      and[i] += floor;
      mod[j] = and[i] * 0.5;
    }
  for (i = 1; i < N; i++)
    for (j = 1; j < N - 1; j++) {
      int floord = a[i - 1][j];
      floord = a[i - 1][j - 1] < floord ? a[i - 1][j - 1] : floord;
      floord = a[i - 1][j + 1] < floord ? a[i - 1][j + 1] : floord;
      a[i][j] += floord;
    }
#pragma endscop
  double s = 0.0;
  for (i = 0; i < N; i++)
    s += and[i] + mod[i] * (i + 1) + a[N - 1][i];
  printf("%.10e\\n", s);
  return 0;
}
"""


@needs_gcc
@pytest.mark.parametrize("scheduler", ["auto", "isl"])
def test_variables_named_like_isl_words_are_modelled(tmp_path, scheduler):
    result = optimize_source(SourceFile("names.c", PROGRAM), Options(scheduler=scheduler))
    assert not [w for w in result.warnings if "warning" in w], result.warnings
    assert len(result.scops) == 1 and result.scops[0].statements == 8
    if scheduler == "isl":
        assert "/* polyopt: isl" in result.text
    expected, _ = compile_and_run(PROGRAM, tmp_path, "original")
    assert compile_and_run(result.text, tmp_path, "optimized")[0] == expected
