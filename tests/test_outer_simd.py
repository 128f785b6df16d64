"""--outer-simd (the default): `omp simd` on the loop around an innermost reduction, where it carries
nothing and every access steps by at most one element along it (the loop gcc
vectorizes in serial code and not inside an OpenMP region)."""

from __future__ import annotations

import re

from polyopt.frontend import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc

FIR = """\
#include <stdio.h>
#define CH 4
#define NS 3000
#define TAPS 16
static float x[CH][NS + TAPS], y[CH][NS], h[TAPS];
static float z[NS][TAPS], w[NS];
int main(void)
{
  int c, n, k;
  for (k = 0; k < TAPS; k++)
    h[k] = (k % 5) * 0.25f - 0.5f;
  for (c = 0; c < CH; c++)
    for (n = 0; n < NS + TAPS; n++)
      x[c][n] = ((c * 7 + n * 3) % 11) * 0.125f;
  for (n = 0; n < NS; n++)
    for (k = 0; k < TAPS; k++)
      z[n][k] = ((n + k) % 9) * 0.5f;
#pragma scop
  for (c = 0; c < CH; c++)
    for (n = 0; n < NS; n++) {
      y[c][n] = 0.0f;
      for (k = 0; k < TAPS; k++)
        y[c][n] += h[k] * x[c][n + k];
    }
  for (n = 0; n < NS; n++) {
    w[n] = 0.0f;
    for (k = 0; k < TAPS; k++)
      w[n] += z[n][k] * h[k];
  }
#pragma endscop
  double sum = 0;
  for (c = 0; c < CH; c++)
    for (n = 0; n < NS; n++)
      sum += y[c][n] * (n % 7 + 1);
  for (n = 0; n < NS; n++)
    sum += w[n];
  printf("%.8e\\n", sum);
  return 0;
}
"""


def _simd_loops(text: str) -> list[str]:
    """The loops right under an `omp simd` pragma: (their header)."""
    return re.findall(r"#pragma omp simd[^\n]*\n\s*(for \([^\n]*)", text)


@needs_gcc
def test_the_loop_around_the_filters_reduction_is_simd(tmp_path):
    result = optimize_source(SourceFile("fir.c", FIR),
                             Options(scheduler="isl", outer_simd=True, tile=False))
    loops = _simd_loops(result.text)
    # the samples' loop around the taps' reduction (unit stride in x and y)
    assert any("< NS" in loop for loop in loops), result.text
    # not the loop of rows of z (z[n][k] steps by a row along n)
    assert result.text.count("#pragma omp simd") == 1, result.text
    plain = optimize_source(SourceFile("fir.c", FIR),
                            Options(scheduler="isl", tile=False, outer_simd=False))
    assert "#pragma omp simd" not in plain.text
    # the default
    assert optimize_source(SourceFile("fir.c", FIR),
                           Options(scheduler="isl", tile=False)).text == result.text
    expected, _ = compile_and_run(FIR, tmp_path, "original")
    assert compile_and_run(result.text, tmp_path, "optimized", flags=("-O3", "-fopenmp"))[0] \
        == expected


COLUMNS = """\
#include <stdio.h>
static void columns(int n, int m, double A[n][m], double x[n], double y[m])
{
  int i, j;
#pragma scop
  for (j = 0; j < m; j++) {
    double s = 0.0;
    for (i = 0; i < n; i++)
      s += A[i][j] * x[i];
    y[j] = s;
  }
#pragma endscop
}
int main(void)
{
  static double A[300][400], x[300], y[400];
  for (int i = 0; i < 300; i++) {
    x[i] = (i % 7) * 0.5 - 1.0;
    for (int j = 0; j < 400; j++)
      A[i][j] = ((i * 3 + j * 5) % 11) * 0.25;
  }
  columns(300, 400, A, x, y);
  columns(0, 400, A, x, y);           /* the reduction runs no iteration: y is 0 */
  double sum = 0;
  for (int j = 0; j < 400; j++)
    sum += y[j] * (j % 5 + 1);
  columns(300, 400, A, x, y);
  for (int j = 0; j < 400; j++)
    sum += y[j] * (j % 3 + 1);
  printf("%.10e\\n", sum);
  return 0;
}
"""


@needs_gcc
def test_the_parallel_loop_around_a_reduction_gets_no_simd(tmp_path):
    """The parallel loop directly around a reduction stays 'omp parallel for': 'omp
    simd' makes gcc vectorize whatever its cost model says, and a loop of integer
    maxima over a column walk so vectorized (two lanes) ran 50 times slower than
    the code as written."""
    result = optimize_source(SourceFile("columns.c", COLUMNS),
                             Options(scheduler="identity", tile=False))
    assert "simd" not in result.text
    assert "#pragma omp parallel for private(s)" in result.text
    expected, _ = compile_and_run(COLUMNS, tmp_path, "original")
    assert compile_and_run(result.text, tmp_path, "optimized", flags=("-O3", "-fopenmp"))[0] \
        == expected


FILTER_2D = """\
#include <stdio.h>
#define H 120
#define W 200
#define R 2
static float In[H + 2 * R][W + 2 * R], Wt[2 * R + 1][2 * R + 1], Out[H][W];
int main(void)
{
  for (int i = 0; i < H + 2 * R; i++)
    for (int j = 0; j < W + 2 * R; j++)
      In[i][j] = ((i * 7 + j * 3) % 13) * 0.125f + 0.5f;
  for (int a = 0; a <= 2 * R; a++)
    for (int b = 0; b <= 2 * R; b++)
      Wt[a][b] = ((a + 2 * b) % 5) * 0.25f + 0.125f;
  int i, j, di, dj;
#pragma scop
  for (i = 0; i < H; i++)
    for (j = 0; j < W; j++) {
      float num = 0.0f;
      float den = 0.0f;
      for (di = 0; di <= 2 * R; di++)
        for (dj = 0; dj <= 2 * R; dj++) {
          float w = Wt[di][dj] * (In[i + di][j + dj] < In[i + R][j + R] ? 1.0f : 0.5f);
          num += w * In[i + di][j + dj];
          den += w;
        }
      Out[i][j] = num / den;
    }
#pragma endscop
  double sum = 0;
  for (i = 0; i < H; i++)
    for (j = 0; j < W; j++)
      sum += Out[i][j] * (j % 7 + 1);
  printf("%.8e\\n", sum);
  return 0;
}
"""


@needs_gcc
def test_the_loop_around_a_chain_of_reductions_is_simd(tmp_path):
    """A 2-D filter's taps (two reduction loops, one inside the other) under the pixels'
    loop, whose statements read the input twice: the pixels' loop is SIMD, as gcc
    vectorizes it in serial code, and the results are the same."""
    result = optimize_source(SourceFile("f.c", FILTER_2D),
                             Options(scheduler="identity", tile=False, min_region_work=0))
    loops = _simd_loops(result.text)
    assert len(loops) == 1 and "W)" in loops[0], result.text
    assert "#pragma omp parallel for" in result.text
    expected, _ = compile_and_run(FILTER_2D, tmp_path, "original")
    assert compile_and_run(result.text, tmp_path, "optimized", flags=("-O3", "-fopenmp"))[0] \
        == expected


CELLS = """\
#include <stdio.h>
#define NY 40
#define NX 300
static double F[3][3][NY][NX], P[3][3][NY][NX];
int main(void)
{
  int i, j, a, b;
  for (a = 0; a < 3; a++)
    for (b = 0; b < 3; b++)
      for (i = 0; i < NY; i++)
        for (j = 0; j < NX; j++)
          F[a][b][i][j] = 0.1 + ((a * 3 + b + i * 7 + j) % 13) * 0.01;
#pragma scop
  for (i = 0; i < NY; i++)
    for (j = 0; j < NX; j++) {
      double rho = 0.0;
      for (a = 0; a < 3; a++)
        for (b = 0; b < 3; b++)
          rho += F[a][b][i][j];
      for (a = 0; a < 3; a++)
        for (b = 0; b < 3; b++)
          P[a][b][i][j] = F[a][b][i][j] / rho;
    }
#pragma endscop
  double sum = 0;
  for (a = 0; a < 3; a++)
    for (b = 0; b < 3; b++)
      for (i = 0; i < NY; i++)
        for (j = 0; j < NX; j++)
          sum += P[a][b][i][j] * (a + 2 * b + i % 5 + j % 3 + 1);
  printf("%.8e\\n", sum);
  return 0;
}
"""


def test_small_loops_are_left_to_the_compiler_and_the_loop_around_them_is_ivdep(tmp_path):
    """Per cell, loops of three iterations (a reduction and an update, side by side)
    under the cells' loop, inside a parallel region: the small loops get no SIMD
    pragma (gcc unrolls them and vectorizes the loop around them), and that loop gets
    `GCC ivdep` (in the region's outlined function the arrays are no longer
    `restrict` and the alias checks of the unrolled copies exceed gcc's limit)."""
    result = optimize_source(SourceFile("f.c", CELLS),
                             Options(scheduler="identity", tile=False, min_region_work=0))
    assert _simd_loops(result.text) == [], result.text
    ivdep = re.findall(r"#pragma GCC ivdep\n\s*(for \([^\n]*)", result.text)
    assert len(ivdep) == 1 and "NX" in ivdep[0], result.text
    assert "#pragma omp parallel for" in result.text
    expected, _ = compile_and_run(CELLS, tmp_path, "original")
    assert compile_and_run(result.text, tmp_path, "optimized", flags=("-O3", "-fopenmp"))[0] \
        == expected


def test_no_ivdep_outside_a_parallel_region():
    """Serial code (here: regions too small to pay) keeps the compiler's own alias
    analysis, no `GCC ivdep`, and the small loops keep their SIMD pragmas."""
    result = optimize_source(SourceFile("f.c", CELLS),
                             Options(scheduler="identity", tile=False, min_region_work=10**15))
    assert "ivdep" not in result.text and "omp parallel" not in result.text, result.text
    assert len(_simd_loops(result.text)) == 1, result.text


def test_no_outer_simd_prints_no_ivdep():
    result = optimize_source(SourceFile("f.c", CELLS),
                             Options(scheduler="identity", tile=False, min_region_work=0,
                                     outer_simd=False))
    assert "#pragma omp parallel for" in result.text
    assert "ivdep" not in result.text, result.text


CONTRACTION = """\
#include <stdio.h>
#define NA 6
#define NI 10
#define NJ 24
#define NK 12
#define NL 19
static double A[NA][NK][NI][NL], B[NL][NK][NJ], C[NA][NI][NJ];
int main(void)
{
  int a, i, j, k, l;
  for (a = 0; a < NA; a++)
    for (k = 0; k < NK; k++)
      for (i = 0; i < NI; i++)
        for (l = 0; l < NL; l++)
          A[a][k][i][l] = ((a * 5 + k * 3 + i + l * 7) % 17) * 0.0625 + 0.5;
  for (l = 0; l < NL; l++)
    for (k = 0; k < NK; k++)
      for (j = 0; j < NJ; j++)
        B[l][k][j] = ((l + k * 11 + j * 2) % 13) * 0.125 - 0.75;
#pragma scop
  for (a = 0; a < NA; a++)
    for (i = 0; i < NI; i++)
      for (j = 0; j < NJ; j++) {
        double s = 0.0;
        for (k = 0; k < NK; k++)
          for (l = 0; l < NL; l++)
            s += A[a][k][i][l] * B[l][k][j];
        C[a][i][j] = s;
      }
#pragma endscop
  double sum = 0;
  for (a = 0; a < NA; a++)
    for (i = 0; i < NI; i++)
      for (j = 0; j < NJ; j++)
        sum += C[a][i][j] * (a + i % 3 + j % 5 + 1);
  printf("%.10e\\n", sum);
  return 0;
}
"""


@needs_gcc
def test_the_innermost_loop_of_a_reduction_nest_under_a_simd_loop_is_strip_mined(tmp_path):
    """A contraction over two indices under the SIMD loop `j`: the innermost loop is
    printed in strips of at most four iterations (gcc unrolls them and vectorizes `j`
    instead of the innermost loop; a trip count that is no multiple of four leaves a
    partial strip), and the results are the same."""
    result = optimize_source(SourceFile("c.c", CONTRACTION),
                             Options(scheduler="identity", tile=False, min_region_work=0))
    loops = _simd_loops(result.text)
    assert len(loops) == 1 and "NJ" in loops[0], result.text
    strips = re.findall(r"for \(int (\w+)_strip = 0; \1_strip < NL; \1_strip \+= 4\)", result.text)
    # (twice: the copy without the pragma, where the inner loops never run, too)
    assert len(set(strips)) == 1, result.text
    assert re.search(rf"const int {strips[0]} = {strips[0]}_strip \+ {strips[0]}_lane;",
                     result.text), result.text
    expected, _ = compile_and_run(CONTRACTION, tmp_path, "original")
    assert compile_and_run(result.text, tmp_path, "optimized", flags=("-O3", "-fopenmp"))[0] \
        == expected


ROW_SUMS = """\
#include <stdio.h>
#define NI 8
#define NJ 40
#define NA 6
#define NK 50
static double X[NI][NA][NK], Wt[NA][NJ], Out[NI][NJ];
int main(void)
{
  int i, j, a, k;
  for (i = 0; i < NI; i++)
    for (a = 0; a < NA; a++)
      for (k = 0; k < NK; k++)
        X[i][a][k] = ((i * 3 + a * 5 + k) % 11) * 0.125 + 0.25;
  for (a = 0; a < NA; a++)
    for (j = 0; j < NJ; j++)
      Wt[a][j] = ((a + j * 7) % 9) * 0.25 - 0.5;
#pragma scop
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++) {
      double s = 0.0;
      for (a = 0; a < NA; a++)
        for (k = 0; k < NK; k++)
          s += X[i][a][k] * Wt[a][j];
      Out[i][j] = s;
    }
#pragma endscop
  double sum = 0;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      sum += Out[i][j] * (i + j % 3 + 1);
  printf("%.10e\\n", sum);
  return 0;
}
"""


def test_a_contiguous_innermost_reduction_is_not_strip_mined():
    """Under the SIMD loop `j`, a reduction nest whose innermost loop reads one row
    contiguously (and the weight it does not move): gcc's vector loop there is the
    better one, and it is printed as it is."""
    result = optimize_source(SourceFile("r.c", ROW_SUMS),
                             Options(scheduler="identity", tile=False, min_region_work=0))
    loops = _simd_loops(result.text)
    assert len(loops) == 1 and "NJ" in loops[0], result.text
    assert "_strip" not in result.text, result.text


def test_a_single_reduction_loop_or_a_few_taps_are_not_strip_mined():
    """Around one reduction loop gcc vectorizes the SIMD loop already; a filter's taps
    (five per loop, known at compile time) it unrolls itself."""
    for text in (FIR, FILTER_2D):
        result = optimize_source(SourceFile("f.c", text),
                                 Options(scheduler="identity", tile=False, min_region_work=0))
        assert _simd_loops(result.text), result.text
        assert "_strip" not in result.text, result.text


def test_a_reduction_loop_of_a_few_known_iterations_is_not_strip_mined():
    """The contraction with five iterations in its innermost loop (a #define): gcc
    unrolls that loop itself; no strips."""
    text = CONTRACTION.replace("#define NL 19", "#define NL 5")
    result = optimize_source(SourceFile("c.c", text),
                             Options(scheduler="identity", tile=False, min_region_work=0))
    assert len(_simd_loops(result.text)) == 1, result.text
    assert "_strip" not in result.text, result.text


FUSED_INIT = """\
#include <stdio.h>
#define NB 2
#define CO 4
#define CI 3
#define H 20
#define W 44
#define K 3
static float In[NB][CI][H][W], Wt[CO][CI][K][K], Bias[CO], Out[NB][CO][H - K + 1][W - K + 1];
static float Acc[NB][CO][H - K + 1][W - K + 1];
int main(void)
{
  int b, o, c, y, x, p, q;
  for (b = 0; b < NB; b++)
    for (c = 0; c < CI; c++)
      for (y = 0; y < H; y++)
        for (x = 0; x < W; x++)
          In[b][c][y][x] = ((b * 5 + c * 3 + y * 7 + x) % 13) * 0.125f - 0.5f;
  for (o = 0; o < CO; o++) {
    Bias[o] = 0.25f * o - 0.5f;
    for (c = 0; c < CI; c++)
      for (p = 0; p < K; p++)
        for (q = 0; q < K; q++)
          Wt[o][c][p][q] = ((o + c * 2 + p * 3 + q) % 7) * 0.0625f - 0.1875f;
  }
#pragma scop
  for (b = 0; b < NB; b++)
    for (o = 0; o < CO; o++)
      for (y = 0; y <= H - K; y++)
        for (c = 0; c < CI; c++)
          for (x = 0; x <= W - K; x++) {
            if (c == 0)
              Acc[b][o][y][x] = Bias[o];
            for (p = 0; p < K; p++)
              for (q = 0; q < K; q++)
                Acc[b][o][y][x] += Wt[o][c][p][q] * In[b][c][y + p][x + q];
          }
  for (b = 0; b < NB; b++)
    for (o = 0; o < CO; o++)
      for (y = 0; y <= H - K; y++)
        for (x = 0; x <= W - K; x++)
          Out[b][o][y][x] = Acc[b][o][y][x] > 0.0f ? Acc[b][o][y][x] : 0.1f * Acc[b][o][y][x];
#pragma endscop
  double sum = 0;
  for (b = 0; b < NB; b++)
    for (o = 0; o < CO; o++)
      for (y = 0; y <= H - K; y++)
        for (x = 0; x <= W - K; x++)
          sum += Out[b][o][y][x] * (b + o % 3 + y % 5 + x % 7 + 1);
  printf("%.10e\\n", sum);
  return 0;
}
"""


@needs_gcc
def test_a_test_in_a_simd_loop_around_loops_is_hoisted(tmp_path):
    """A convolution whose output row is initialised at the first input channel
    (`if (c == 0)` in the loop over pixels, around the taps' loops): the SIMD loop is
    printed once for each outcome of the test, none with the test in its body (gcc
    vectorizes no outer loop whose body has control flow besides its inner loops), and
    the results are the same."""
    result = optimize_source(SourceFile("conv.c", FUSED_INIT),
                             Options(scheduler="identity", tile=False, min_region_work=0))
    bodies = re.findall(r"#pragma omp simd[^\n]*\n\s*for \([^\n]*\n\s*\{\n\s*([^\n]*)", result.text)
    assert len(bodies) >= 3, result.text
    assert not any(body.startswith("if") for body in bodies), result.text
    expected, _ = compile_and_run(FUSED_INIT, tmp_path, "original")
    assert compile_and_run(result.text, tmp_path, "optimized", flags=("-O3", "-fopenmp"))[0] \
        == expected
