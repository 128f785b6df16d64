"""`collapse(2)`: the parallel loop and the loop right inside it, which carries no
dependence either, made one OpenMP loop, so that an outer loop of few iterations (a
tile loop over 3 heads) does not leave threads idle; not where the inner loop is the
one gcc vectorizes around a scalar reduction."""

from __future__ import annotations

import re

from polyopt.frontend import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc

HEADS = """\
#include <stdio.h>
#define NH 3
#define S 70
#define D 20
static float Q[NH][S][D], K[NH][S][D], O[NH][S][S];
int main(void)
{
  int h, i, j, d;
  for (h = 0; h < NH; h++)
    for (i = 0; i < S; i++)
      for (d = 0; d < D; d++) {
        Q[h][i][d] = ((h * 5 + i * 3 + d) % 7) * 0.25f - 0.5f;
        K[h][i][d] = ((h + i * 2 + d * 5) % 9) * 0.125f;
      }
#pragma scop
  for (h = 0; h < NH; h++)
    for (i = 0; i < S; i++)
      for (j = 0; j < S; j++) {
        O[h][i][j] = 0.0f;
        for (d = 0; d < D; d++)
          O[h][i][j] += Q[h][i][d] * K[h][j][d];
      }
#pragma endscop
  double sum = 0.0;
  for (h = 0; h < NH; h++)
    for (i = 0; i < S; i++)
      for (j = 0; j < S; j++)
        sum += O[h][i][j] * (1 + (h + i + 2 * j) % 5);
  printf("%.6e\\n", sum);
  return 0;
}
"""

MINPLUS = """\
#include <stdio.h>
#define N 90
static int Dist[N][N], E[N][N];
int main(void)
{
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      Dist[i][j] = (i * 7 + j * 13) % 31 + (i == j ? 0 : 1);
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      int m = Dist[i][j];
      for (k = 0; k < N; k++)
        m = m < Dist[i][k] + Dist[k][j] ? m : Dist[i][k] + Dist[k][j];
      E[i][j] = m;
    }
#pragma endscop
  long sum = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      sum += (long) E[i][j] * (1 + (i + j) % 5);
  printf("%ld\\n", sum);
  return 0;
}
"""


@needs_gcc
def test_tile_loops_of_few_iterations_are_collapsed(tmp_path):
    # isl's tiles: the tile loop over the 3 heads runs once; with the tile loop over
    # rows inside it, the threads share 3 rows of tiles
    text = optimize_source(SourceFile("heads.c", HEADS), Options(scheduler="isl")).text
    pragma = re.search(r"#pragma omp parallel for[^\n]*", text).group()
    assert "collapse(2)" in pragma, text
    expected, before = compile_and_run(HEADS, tmp_path, "original")
    got, warnings = compile_and_run(text, tmp_path, "collapsed")
    assert got == expected and warnings <= before


@needs_gcc
def test_loop_around_a_scalar_reduction_is_not_collapsed(tmp_path):
    # j holds the k reduction right inside it: gcc vectorizes j, which a collapsed
    # loop would not let it (an 18x slower min-plus closure)
    text = optimize_source(SourceFile("minplus.c", MINPLUS),
                           Options(scheduler="isl", tile=False)).text
    assert "#pragma omp parallel for" in text and "collapse" not in text, text
    expected, _ = compile_and_run(MINPLUS, tmp_path, "original")
    got, _ = compile_and_run(text, tmp_path, "optimized")
    assert got == expected
