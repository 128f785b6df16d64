"""Parallelism that pays (codegen/granularity.py): no region that does too little
work, an OpenMP if clause where the work depends on unknown sizes."""

from __future__ import annotations

import re

import islpy as isl
import pytest

from polyopt.codegen.granularity import MIN_REGION_WORK, free_extents, statement_cost
from polyopt.frontend import SourceFile
from polyopt.pipeline import Options, find_scops, optimize_source
from tests.conftest import compile_and_run, needs_gcc

SOLVE = """\
#define N {n}
double L[N][N], x[N];
void solve(void) {{
  int i, k;
#pragma scop
  for (k = 0; k < N; k++)
    for (i = k + 1; i < N; i++)
      x[i] = x[i] - L[i][k] * x[k];
#pragma endscop
}}
"""

TIME_LOOP = """\
#define T 1000
#define N 100
double A[N], B[N];
void smooth(void) {
  int t, i;
#pragma scop
  for (t = 0; t < T; t++) {
    for (i = 1; i < N - 1; i++)
      B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;
    for (i = 1; i < N - 1; i++)
      A[i] = B[i];
  }
#pragma endscop
}
"""

PRODUCT = """\
#define N {n}
double A[N][N], B[N][N], C[N][N];
void product(void) {{
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}}
"""

UNKNOWN = """\
#include <stdio.h>
#include <stdlib.h>

static void scale(int n, int m, double A[n][m]) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = A[i][j] * 0.5 + i - j;
#pragma endscop
}

static double run(int n, int m) {
  double *A = malloc(sizeof(double) * n * m), sum = 0;
  for (int k = 0; k < n * m; k++)
    A[k] = k % 17;
  scale(n, m, (double (*)[m]) A);
  for (int k = 0; k < n * m; k++)
    sum += A[k] * (k % 7 + 1);
  free(A);
  return sum;
}

int main(void) {
  printf("%.17g\\n", run(3, 4));
  printf("%.17g\\n", run(700, 600));
  return 0;
}
"""


def _optimize(text: str, **options):
    result = optimize_source(SourceFile("t.c", text), Options(**options))
    return result.text, result.scops[0]


def test_region_inside_a_long_sequential_loop_with_little_work_is_not_parallel():
    text, report = _optimize(SOLVE.format(n=2000), scheduler="identity", tile=False)
    assert "omp parallel" not in text
    assert report.parallel_loops == [] and report.small_regions
    assert "not parallel: too little work per region" in text
    # the same loops with much more work per region are parallel
    text, report = _optimize(SOLVE.format(n=400000), scheduler="identity", tile=False)
    assert "#pragma omp parallel for\n" in text and len(report.parallel_loops) == 1


def test_time_loop_around_short_loops_is_not_parallel():
    text, report = _optimize(TIME_LOOP, scheduler="identity", tile=False)
    assert "omp parallel" not in text and report.small_regions


def test_five_iteration_loop_is_not_parallel():
    text, report = _optimize(PRODUCT.format(n=5))          # the default keeps it as written
    assert "omp parallel" not in text and report.parallel_loops == []
    text, report = _optimize(PRODUCT.format(n=5), scheduler="isl")
    assert "omp parallel" not in text and report.parallel_loops == []
    assert "too little work per region" in text


def test_large_known_matrix_product_is_parallel_without_clause():
    text, report = _optimize(PRODUCT.format(n=1000))
    pragmas = re.findall(r"#pragma omp parallel for.*", text)
    assert pragmas and all(pragma == "#pragma omp parallel for" for pragma in pragmas)
    assert report.parallel_loops and not any(report.parallel_conditions)


def test_hint_for_a_function_argument_decides():
    text, _ = _optimize(UNKNOWN, scheduler="isl")
    assert "if(" in text
    text, report = _optimize(UNKNOWN, defines=["n=10", "m=10"], scheduler="isl")
    assert "omp parallel" not in text and report.small_regions
    # (the default parallelizes where the threads' start, milliseconds, is won back)
    text, report = _optimize(UNKNOWN, defines=["n=20000", "m=20000"])
    assert re.search(r"#pragma omp parallel for\n", text)


@needs_gcc
@pytest.mark.parametrize("tile", [False, True])
def test_unknown_sizes_get_an_if_clause_and_the_same_output(tmp_path, tile):
    text, report = _optimize(UNKNOWN, tile=tile, scheduler="isl")
    clauses = re.findall(r"#pragma omp parallel for if\((.*)\)\n", text)
    assert clauses and all(re.search(r"\bn\b", clause) and re.search(r"\bm\b", clause)
                           for clause in clauses), text
    assert report.parallel_conditions and all(report.parallel_conditions)
    if not tile:      # one statement: the whole work is n * m instances of its cost
        cost = statement_cost(find_scops(SourceFile("t.c", UNKNOWN), Options())[0][0].statements[0])
        assert clauses == [f"(double) n * m >= {-(-MIN_REGION_WORK // cost)}"]
    assert "parallel only if" in text or "if clauses" in text
    original, _ = compile_and_run(UNKNOWN, tmp_path, "original")
    optimized, warnings = compile_and_run(text, tmp_path, "optimized")
    assert optimized == original
    assert not [warning for warning in warnings if "scop" not in warning], warnings


def test_statement_cost_counts_operations_and_accesses():
    scops, _ = find_scops(SourceFile("t.c", PRODUCT.format(n=10)), Options())
    # C[i][j] += A[i][k] * B[k][j]: '+=' and '*', C read and written, A, B
    assert statement_cost(scops[0].statements[0]) == 6


def test_a_wavefront_region_counts_its_slice_not_its_box():
    region = isl.Map("{ [o] -> S[t, i, j] : 0 <= t < 20 and 0 <= i < 40 and 0 <= j < 40 "
                     "and o = 4t + 2i + j }")
    extents = [bound.max_val().to_python() for _, bound in free_extents(region)]
    assert len(extents) == 2 and extents[0] * extents[1] <= 20 * 40    # j follows from o, t, i
    square = isl.Map("{ [o] -> S[i, j] : 0 <= o < 5 and 0 <= i < 30 and 0 <= j < 40 }")
    assert sorted(b.max_val().to_python() for _, b in free_extents(square)) == [30, 40]


def test_no_threshold_keeps_every_outermost_parallel_loop():
    text, report = _optimize(PRODUCT.format(n=5), min_region_work=0, scheduler="isl")
    assert "#pragma omp parallel for\n" in text and not report.small_regions


# a short parallel loop in a time loop: a region per step, its size unknown
STEPPED = """#include <stdio.h>
static void steps(int nt, int n, double a[n], double b[n])
{
#pragma scop
  for (int t = 0; t < nt; t++) {
    for (int i = 0; i < n; i++)
      b[i] = 0.5 * (a[i] + b[i]);
    for (int i = 0; i < n; i++)
      a[i] = a[i] + 0.25 * b[i];
  }
#pragma endscop
}
int main(void)
{
  double a[40], b[40];
  for (int i = 0; i < 40; i++) { a[i] = 1.0 + i % 7; b[i] = 2.0 - i % 3; }
  int n;           /* set apart from its declaration: a size polyopt does not know */
  n = 40;
  steps(1000, n, a, b);
  double s = 0.0;
  for (int i = 0; i < 40; i++) s += a[i] * (1 + i % 5) + b[i];
  printf("%.10e\\n", s);
  return 0;
}
"""


@needs_gcc
def test_a_region_in_a_loop_is_entered_only_where_it_pays(tmp_path):
    """Inside a loop, a parallel loop with an if clause stands behind a C test of the
    same condition, serial in the else branch: a false if clause still enters the
    OpenMP runtime, once per step."""
    text, report = _optimize(STEPPED, scheduler="identity")
    clauses = re.findall(r"#pragma omp parallel for if\((.*)\)\n", text)
    assert clauses, text
    for clause in clauses:
        assert re.search(r"if \(" + re.escape(clause) + r"\)\n\s*\{\n\s*#pragma omp parallel "
                         r"for if\(" + re.escape(clause) + r"\)", text), text
    assert text.count("else") >= len(clauses)
    original, _ = compile_and_run(STEPPED, tmp_path, "original")
    optimized, warnings = compile_and_run(text, tmp_path, "optimized")
    assert optimized == original
    assert not [warning for warning in warnings if "scop" not in warning], warnings


# a time loop: a parallel update of every band, then a copy back that is too little
# work for a region of its own; a copy of other arrays beside it
BANDS = """\
#include <math.h>
#include <stdio.h>
#define T 20
#define S 384
#define L 180
double A[S][L + 2], B[S][L + 2], C[S][L + 2], D[S][L + 2], F[S];
int main(void) {
  int t, s, j;
  for (s = 0; s < S; s++) {
    F[s] = 0.01 * (s % 13);
    for (j = 0; j < L + 2; j++) {
      A[s][j] = 0.5 + 0.25 * sin(0.1 * s + 0.03 * j);
      C[s][j] = 0.0;
      D[s][j] = (s + j) % 7;
    }
  }
#pragma scop
  for (t = 0; t < T; t++) {
    for (s = 0; s < S; s++)
      for (j = 1; j <= L; j++)
        B[s][j] = A[s][j] + 0.1 * (A[s][j - 1] - 2.0 * A[s][j] + A[s][j + 1])
                  + F[s] * exp(-A[s][j]);
    for (s = 0; s < S; s++)
      for (j = 1; j <= L; j++)
        A[s][j] = B[s][j];
    for (s = 0; s < S; s++)
      for (j = 1; j <= L; j++)
        C[s][j] = D[s][j];
  }
#pragma endscop
  double sum = 0;
  for (s = 0; s < S; s++)
    for (j = 0; j < L + 2; j++)
      sum += (A[s][j] + 1e-3 * C[s][j]) * ((s + 3 * j) % 5 + 1);
  printf("%.12e\\n", sum);
  return 0;
}
"""


@needs_gcc
def test_a_small_loop_sharing_data_with_the_regions_around_gets_one(tmp_path):
    """In a time loop, the copy back (138,000 units, under the threshold) of the array a
    parallel loop updates gets a region: serial, it would move the array to one core and
    back at every step. The copy of other arrays stays serial."""
    text, report = _optimize(BANDS, scheduler="identity", tile=False)

    def parallel(first: str) -> bool:
        return re.search(r"#pragma omp parallel for\n\s*for \(int c1[^\n]*\n\s*\{\s*"
                         r"(?:#pragma omp simd\s*)?for \([^\n]*\n\s*\{\s*" + re.escape(first),
                         text) is not None
    assert parallel("B[c1][c2] = ") and parallel("A[c1][c2] = B[c1][c2];"), text
    assert not parallel("C[c1][c2] = "), text
    assert report.small_regions, text           # the copy of C and D
    original, _ = compile_and_run(BANDS, tmp_path, "original")
    assert compile_and_run(text, tmp_path, "optimized")[0] == original
