"""Small sizes the calls in the file pass to the region's function: code with parallel
regions generated again for them, printed as literals, under a test of their values
(codegen.versioning.fixed_values); the code as written for any other value."""

from __future__ import annotations

import re

from polyopt.frontend import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc

# per site, a small matrix applied to its vector of classes, then an update of the
# classes: the classes' count is a parameter the call passes as a constant
MIXING = """\
#include <stdio.h>
#define NSITE 20000
#define NCLASS %(classes)d
#define NSTEP 4
static void mix(int nt, int ns, int nc, const double M[nc][nc], double X[ns][nc],
                double Y[ns][nc])
{
  int t, s, a, b;
#pragma scop
  for (t = 0; t < nt; t++) {
    for (s = 0; s < ns; s++)
      for (a = 0; a < nc; a++) {
        double acc = 0.0;
        for (b = 0; b < nc; b++)
          acc += M[b][a] * X[s][b];
        Y[s][a] = acc;
      }
    for (s = 0; s < ns; s++)
      for (a = 0; a < nc; a++)
        X[s][a] = 0.5 * X[s][a] + 0.5 * Y[s][a];
  }
#pragma endscop
}

static double M[NCLASS][NCLASS], X[NSITE][NCLASS], Y[NSITE][NCLASS];

int main(void)
{
  for (int a = 0; a < NCLASS; a++)
    for (int b = 0; b < NCLASS; b++)
      M[a][b] = (double)((a * 3 + b * 5) %% 7) / (7.0 * NCLASS);
  for (int s = 0; s < NSITE; s++)
    for (int a = 0; a < NCLASS; a++)
      X[s][a] = 1.0 + (double)((s + 2 * a) %% 11) / 10.0;
  mix(NSTEP, NSITE, NCLASS, M, X, Y);
  double sum = 0.0;
  for (int s = 0; s < NSITE; s++)
    for (int a = 0; a < NCLASS; a++)
      sum += X[s][a] * (double)(1 + (s + 3 * a) %% 7);
  printf("%%.10e\\n", sum);
  return 0;
}
"""


@needs_gcc
def test_a_small_passed_size_is_fixed_where_the_code_is_parallel(tmp_path):
    program = MIXING % {"classes": 16}
    result = optimize_source(SourceFile("mix.c", program), Options(scheduler="isl"))
    assert "#pragma omp parallel for" in result.text, result.text
    assert re.search(r"if \([^\n]*\bnc == 16\b", result.text), result.text
    optimized = result.text.split("#pragma scop")[1].split("else")[0]
    # the classes' loops bounded by the literal in the optimized branch
    assert not re.search(r"for \([^;]*;[^;]*\bnc\b", optimized), optimized
    expected, _ = compile_and_run(program, tmp_path, "original")
    assert compile_and_run(result.text, tmp_path, "optimized", flags=("-O3", "-fopenmp"))[0] \
        == expected


def test_a_larger_passed_size_stays_a_parameter():
    program = MIXING % {"classes": 40}
    result = optimize_source(SourceFile("mix.c", program), Options(scheduler="isl"))
    assert "nc == 40" not in result.text
    assert re.search(r"for \([^;]*;[^;]*\bnc\b", result.text), result.text


def test_not_fixed_without_parallel_regions():
    program = MIXING % {"classes": 16}
    result = optimize_source(SourceFile("mix.c", program),
                             Options(scheduler="isl", parallel=False))
    assert "nc == 16" not in result.text
