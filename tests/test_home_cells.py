"""A scalar that stands in for an array cell (``s = X; ... s -= ...; X = s;``) is
modelled as the cell, where that is exact: its dependences no longer serialize the
loops around it, and the optimized program prints what the original prints, bit for
bit. Where any condition fails, the scalar stays a scalar."""

from __future__ import annotations

import pytest

from polyopt.frontend import SourceFile
from polyopt.frontend.scops import extract_scops
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc

# Crout's LU on a linearized matrix (as Rodinia's lud writes it)
CROUT = """\
#include <stdio.h>
#include <stdlib.h>
#define SIZE 96
void lud(float *a, int size)
{
  int i, j, k;
  float sum;
#pragma scop
  for (i = 0; i < size; i++) {
    for (j = i; j < size; j++) {
      sum = a[i * size + j];
      for (k = 0; k < i; k++)
        sum -= a[i * size + k] * a[k * size + j];
      a[i * size + j] = sum;
    }
    for (j = i + 1; j < size; j++) {
      sum = a[j * size + i];
      for (k = 0; k < i; k++)
        sum -= a[j * size + k] * a[k * size + i];
      a[j * size + i] = sum / a[i * size + i];
    }
  }
#pragma endscop
}
int main(void)
{
  int size = SIZE;
  float *m = malloc(sizeof(float) * size * size);
  for (int i = 0; i < size; i++)
    for (int j = 0; j < size; j++)
      m[i * size + j] = i == j ? size + 1.0f + i % 5 : ((i * 17 + j * 31) % 19) / 19.0f - 0.5f;
  lud(m, size);
  double sum = 0;
  for (int i = 0; i < size * size; i++)
    sum += m[i] * (1 + i % 11);
  printf("%.9e\\n", sum);
  for (int i = 0; i < size * size; i += 97)
    printf("%a\\n", m[i]);
  free(m);
  return 0;
}
"""

# PolyBench's ludcmp form: two ranges of `w` are the cell's, the third (w = b[i];
# ... y[i] = w;) is not and keeps `w`
LUDCMP = """\
#include <stdio.h>
#define N 80
static double A[N][N], b[N], y[N], x[N];
static void ludcmp(int n)
{
  int i, j, k;
  double w;
#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (j = i; j < n; j++) {
      w = A[i][j];
      for (k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
  for (i = 0; i < n; i++) {
    w = b[i];
    for (j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }
  for (i = n - 1; i >= 0; i--) {
    w = y[i];
    for (j = i + 1; j < n; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
#pragma endscop
}
int main(void)
{
  for (int i = 0; i < N; i++) {
    b[i] = (i + 1) / (double) N / 2.0 + 4;
    for (int j = 0; j < N; j++)
      A[i][j] = i == j ? N + 2.0 : (double) (-j % N) / N + 1;
  }
  ludcmp(N);
  for (int i = 0; i < N; i++)
    printf("%a %a\\n", x[i], A[i][(i * 7) % N]);
  return 0;
}
"""


def _scalars(program: str) -> set[str]:
    scops = extract_scops(SourceFile("k.c", program)).scops
    assert len(scops) == 1
    return {name for name, array in scops[0].arrays.items() if not array.rank}


def test_the_scalars_of_crout_are_the_cells():
    assert _scalars(CROUT) == set()


def test_only_the_ranges_that_are_the_cells_are_rewritten():
    scop = extract_scops(SourceFile("k.c", LUDCMP)).scops[0]
    assert {name for name, array in scop.arrays.items() if not array.rank} == {"w"}
    # the two ranges of the factorization no longer name w: 2 + 2 statements
    # (the divisions), against 3 + 3 as written
    factor = [s for s in scop.statements if s.location.line < 22]
    assert len(factor) == 3


@needs_gcc
@pytest.mark.parametrize("program", [CROUT, LUDCMP], ids=["crout", "ludcmp"])
@pytest.mark.parametrize("scheduler", ["auto", "isl"])
def test_the_outputs_are_bit_identical(tmp_path, program, scheduler):
    result = optimize_source(SourceFile("k.c", program), Options(scheduler=scheduler))
    assert not [w for w in result.warnings if "warning:" in w], result.warnings
    expected, warned = compile_and_run(program, tmp_path, "original")
    output, warnings = compile_and_run(result.text, tmp_path, "optimized")
    assert output == expected
    assert warnings <= warned, warnings - warned      # a scalar no longer named


def test_the_factorization_is_tiled_and_parallel():
    """With the scalar gone, isl's schedule tiles the update and runs it in parallel
    (as the scalar, it serialized every loop)."""
    result = optimize_source(SourceFile("k.c", CROUT.replace("96", "1024")),
                             Options(scheduler="isl"))
    assert "omp parallel for" in result.text
    assert result.scops[0].tile_bands and result.scops[0].parallel_loops, result.scops[0]


def _crout_with(change: tuple[str, str]) -> str:
    assert change[0] in CROUT
    return CROUT.replace(*change)


CHANGES = {
    # the range reads the cell itself (k reaches j)
    "reads-the-cell": ("for (k = 0; k < i; k++)\n        sum -= a[i * size + k] * a[k * size + j];",
                       "for (k = 0; k <= j; k++)\n        sum -= a[i * size + k] * a[k * size + i];"),
    # a value of the scalar is read after the range
    "read-after-range": ("      a[i * size + j] = sum;\n",
                         "      a[i * size + j] = sum;\n      a[j] += sum;\n"),
    # the scalar is read after the region
    "read-after-region": ("#pragma endscop\n}", "#pragma endscop\n  a[0] = sum;\n}"),
    # another type: the accumulation would round otherwise
    "other-type": ("  float sum;", "  double sum;"),
}


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_a_scalar_that_is_not_the_cell_stays_a_scalar(change):
    assert "sum" in _scalars(_crout_with(change))


@needs_gcc
@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_where_the_scalar_stays_the_outputs_agree(tmp_path, change):
    program = _crout_with(change)
    result = optimize_source(SourceFile("k.c", program), Options(scheduler="isl"))
    expected, _ = compile_and_run(program, tmp_path, "original")
    assert compile_and_run(result.text, tmp_path, "optimized")[0] == expected
