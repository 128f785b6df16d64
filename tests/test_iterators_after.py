"""An iterator the function reads after its region keeps the value the loops as
written leave it with; one never read after gets only `(void)i;`."""

from __future__ import annotations

import pytest

from polyopt.frontend import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc

PROGRAM = """\
#include <stdio.h>
#define N 200
static double A[N][N], x[N];
int main(void)
{
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (i * 5 + j) % 9 * 0.5;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N - 3; j++)
      x[i] += A[i][j] * A[j][i];
  for (k = 0; k < 7; k++)
    x[k] = x[k] * 2.0;
#pragma endscop
  /* "{" in a comment and a string do not end the function early */
  printf("{ %d %d\\n", i, j);
  {
    printf("%d\\n", k);
  }
  double s = 0.0;
  for (int t = 0; t < N; t++)
    s += x[t];
  printf("%.10e\\n", s);
  return 0;
}
"""


@needs_gcc
@pytest.mark.parametrize("scheduler", ["auto", "isl"])
def test_iterators_read_after_the_region_keep_their_values(tmp_path, scheduler):
    result = optimize_source(SourceFile("after.c", PROGRAM), Options(scheduler=scheduler))
    assert len(result.scops) == 1
    assert "(void)i" not in result.text and "(void)k" not in result.text
    expected, _ = compile_and_run(PROGRAM, tmp_path, "original")
    assert expected.startswith("{ 200 197\n7\n")
    assert compile_and_run(result.text, tmp_path, "optimized")[0] == expected


def test_iterators_not_read_after_the_region_are_only_voided():
    text = "\n".join(line for line in PROGRAM.splitlines() if "%d" not in line) + "\n"
    assert "i, j)" not in text and "k)" not in text
    result = optimize_source(SourceFile("after.c", text), Options(scheduler="isl"))
    assert "(void)i; (void)j; (void)k;" in result.text
