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


SIZES_NAMED_LIKE_ISL_WORDS = """\
#include <stdio.h>
#include <stdlib.h>
#define min(a, b) ((a) < (b) ? (a) : (b))

static void update(int min, int max, int floor, double A[min][max], double B[max][min])
{
#pragma scop
  for (int i = 0; i < min; i++)
    for (int j = 0; j < max - floor; j++)
      A[i][j] = A[i][j] * 2.0 + B[j + floor][i];
#pragma endscop
}

int main(void)
{
  int n = 300, m = 260;
  double (*A)[m] = malloc(sizeof(double[n][m]));
  double (*B)[n] = malloc(sizeof(double[m][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      A[i][j] = (i * 3 + j) % 7;
      B[j][i] = (i + 2 * j) % 5;
    }
  update(n, m, 3, A, B);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += A[i][j] * (1 + min(i, j) % 3);
  printf("%.6f\\n", s);
  return 0;
}
"""


@needs_gcc
@pytest.mark.parametrize("scheduler", ["auto", "isl"])
def test_sizes_named_like_isl_words_are_modelled_and_printed_by_their_names(tmp_path, scheduler):
    """A size parameter named `min`, `max` or `floor` is another name in the model
    (isl's texts must read back) and its own name in the code."""
    result = optimize_source(SourceFile("sizes.c", SIZES_NAMED_LIKE_ISL_WORDS),
                             Options(scheduler=scheduler, tile=True))
    assert not [w for w in result.warnings if "warning" in w], result.warnings
    assert len(result.scops) == 1
    region = result.text[result.text.index("#pragma scop"):]
    assert "__polyopt" not in result.text
    if scheduler == "isl":
        assert "/* polyopt: isl" in region and "floor" in region and "max" in region
    expected, _ = compile_and_run(SIZES_NAMED_LIKE_ISL_WORDS, tmp_path, "original")
    assert compile_and_run(result.text, tmp_path, "optimized")[0] == expected


def test_a_size_named_like_an_isl_word_takes_its_value_from_the_file():
    """A #define (or --define) of the size reaches the model by the size's C name."""
    from polyopt.pipeline import find_scops
    text = SIZES_NAMED_LIKE_ISL_WORDS.replace("static void update(int min, int max, int floor,",
                                              "#define floor 3\nstatic void update(int min, "
                                              "int max,")
    text = text.replace("update(n, m, 3, A, B)", "update(n, m, A, B)")
    scops, warnings = find_scops(SourceFile("sizes.c", text), Options(defines=["max=260"]))
    assert not warnings and len(scops) == 1
    scop = scops[0]
    assert sorted(scop.c_parameters) == ["floor", "max", "min"]
    assert all(not name.isalpha() or name not in ("floor", "max", "min")
               for name in scop.parameters)
    # min: the value the call in main passes (a local set once: `int n = 300`)
    assert {scop.c_name(name): value for name, value in scop.known_values.items()} == {
        "floor": 3, "max": 260, "min": 300}


LIBRARY_WITH_SIZES_NAMED_LIKE_ISL_WORDS = """\
void scale(int min, int max, double A[min][max], double x[max])
{
#pragma scop
  for (int i = 0; i < min; i++)
    for (int j = 0; j < max; j++)
      A[i][j] = A[i][j] * x[j] + 1.0;
#pragma endscop
}

void caller(double *a, double *x)
{
  scale(40, 50, (void *) a, x);
}
"""


@needs_gcc
def test_the_kernel_harness_drives_sizes_named_like_isl_words(tmp_path):
    from polyopt.harness import kernel_harness
    from polyopt.pipeline import find_scops
    source = SourceFile("lib.c", LIBRARY_WITH_SIZES_NAMED_LIKE_ISL_WORDS)
    scops, _ = find_scops(source, Options())
    harness = kernel_harness(source, scops)
    assert harness.sizes == {"min": 40, "max": 50}
    optimized = optimize_source(SourceFile("lib.c", harness.text),
                                Options(scheduler="isl", min_region_work=0))
    assert "#pragma omp parallel for" in optimized.text
    expected, _ = compile_and_run(harness.text, tmp_path, "original")
    assert compile_and_run(optimized.text, tmp_path, "optimized")[0] == expected
