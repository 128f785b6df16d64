"""Scalar expansion (scheduler.expansion, codegen.buffers): which block-local scalars
get a cell per iteration, the buffer's run-time limit, and the default's code with
the buffer compiled and run against the original."""

from __future__ import annotations

import re

import islpy as isl
from tests.conftest import compile_and_run, needs_gcc

from polyopt.codegen.statements import statement_text
from polyopt.frontend import extract_scops
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source
from polyopt.scheduler.expansion import EXPANSION_BYTES, expanded_scop

# a product whose block-local accumulator keeps the reduction loop innermost, where
# it strides down the columns of W; sizes are the function's parameters
PRODUCT = """\
#include <stdio.h>
#include <stdlib.h>
static void product(int n, int m, const double S[n][n], const double W[n][m], double M[m][n])
{
  int p, a, b;
#pragma scop
  for (p = 0; p < m; p++)
    for (a = 1; a < n; a++) {
      double s = 0.0;
      for (b = 0; b < n; b++)
        s += S[a][b] * W[b][p];
      M[p][a] = s;
    }
#pragma endscop
}
int main(void)
{
  int n = 300, m = 700;
  double (*S)[n] = malloc(sizeof(double[n][n]));
  double (*W)[m] = malloc(sizeof(double[n][m]));
  double (*M)[n] = malloc(sizeof(double[m][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      S[i][j] = ((i * 7 + j * 3) % 17) * 0.125 + 0.5;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      W[i][j] = ((i + 2 * j) % 11) * 0.25 + 0.25;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      M[i][j] = 1.0;
  product(n, m, S, W, M);
  double sum = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      sum += M[i][j] * ((i * 3 + j) % 7 + 1);
  printf("%.12e\\n", sum);
  free(S); free(W); free(M);
  return 0;
}
"""


def _scop(text: str):
    return extract_scops(SourceFile("t.c", text)).scops[0]


def test_the_accumulator_gets_a_cell_per_iteration_of_its_outer_loops():
    expanded = expanded_scop(_scop(PRODUCT))
    assert expanded is not None
    (buffer,) = expanded.buffers
    assert buffer.array == "s" and buffer.expands and buffer.element_type == "double"
    assert buffer.limit_bytes == EXPANSION_BYTES
    assert "s" not in expanded.locals and "s" not in expanded.arrays
    # rows p = 0..m-1, columns a = 1..n-1: the cells start at column 1
    assert [isl.PwAff(e).is_equal(isl.PwAff(f"[n, m] -> {{ [({v})] : n > 1 and m > 0 }}"))
            for e, v in zip(buffer.extents, ["m", "n - 1"])] == [True, True], buffer.extents
    texts = [statement_text(s.body, s.iterators, s.iterators) for s in expanded.statements]
    name = buffer.name
    assert texts == [f"{name}[p][a - 1] = 0.0", f"{name}[p][a - 1] += S[a][b] * W[b][p]",
                     f"M[p][a] = {name}[p][a - 1]"], texts


def test_a_scalar_whose_value_comes_from_before_or_leaves_its_iteration_is_kept():
    live_in = PRODUCT.replace("double s = 0.0;", "").replace(
        "int p, a, b;", "int p, a, b; double s = 1.0;")
    assert expanded_scop(_scop(live_in)) is None          # not declared in the region
    carried = PRODUCT.replace("for (a = 1; a < n; a++) {\n      double s = 0.0;",
                              "{ double s = 0.0; for (a = 1; a < n; a++) {").replace(
        "M[p][a] = s;\n    }", "M[p][a] = s;\n    } }")
    scop = _scop(carried)
    expanded = expanded_scop(scop)      # private to p only: one cell per p
    assert expanded is not None and len(expanded.buffers[0].extents) == 1


def test_a_buffer_past_the_limit_is_not_made_and_the_run_time_test_bounds_it():
    big = PRODUCT.replace("for (p = 0; p < m; p++)", "for (p = 0; p < 100000; p++)").replace(
        "for (a = 1; a < n; a++)", "for (a = 1; a < 1001; a++)")
    assert expanded_scop(_scop(big)) is None       # 100000 x 1000 doubles
    text = optimize_source(SourceFile("t.c", PRODUCT), Options()).text
    if "polyopt_expanded_s" in text:
        assert f"sizeof(double) <= {EXPANSION_BYTES}" in text, text


@needs_gcc
def test_the_default_expands_the_accumulator_and_computes_what_the_original_does(tmp_path):
    expected, original_warnings = compile_and_run(PRODUCT, tmp_path, "original")
    text = optimize_source(SourceFile("t.c", PRODUCT), Options(defines=["n=300", "m=700"])).text
    assert "expanded" in text, text
    name = re.search(r"\(\*(polyopt_expanded_s\w*)\)\[", text).group(1)
    assert re.search(rf"if \({name} != 0", text), text
    assert f"__builtin_free({name});" in text
    assert "the expanded scalars s allocated" in text
    assert "checked against the dependences" in text
    output, warnings = compile_and_run(text, tmp_path, "optimized")
    assert output == expected and warnings <= original_warnings, warnings
    assert "polyopt_expanded" not in optimize_source(
        SourceFile("t.c", PRODUCT), Options(defines=["n=300", "m=700"], expansion=False)).text


# two block-local accumulators of one name in two nests of other extents: one buffer
# serves both, its extents the larger of the two, conditional expressions
TWO_ACCUMULATORS = """\
void kernel(int ni, int nj, int nk, int ni2, int nj2, int nk2, double A[nk][ni],
            double B[nk][nj], double C[ni][nj], double D[nk2][ni2], double E[nj2][nk2],
            double F[ni2][nj2])
{
  int i, j, k;
#pragma scop
  for (j = 0; j < nj; j++)
    for (i = 0; i < ni; i++) {
      double s = C[i][j];
      for (k = 0; k < nk; k++)
        s += A[k][i] * B[k][j];
      C[i][j] = s;
    }
  for (i = 0; i < ni2; i++)
    for (j = 0; j < nj2; j++) {
      double s = 0;
      for (k = 0; k < nk2; k++)
        s += D[k][i] * E[j][k];
      F[i][j] = s;
    }
#pragma endscop
}
"""


@needs_gcc
def test_a_buffer_whose_extents_are_conditional_expressions_is_allocated(tmp_path):
    """The allocation's test of each extent keeps a conditional extent whole (it was
    `c ? ni2 : nj > 0 && ... ? malloc(...) : 0`, which made the pointer ni2 and the
    code crash)."""
    from polyopt.codegen.buffers import buffer_code
    from polyopt.codegen.expressions import ExpressionPrinter
    scop = expanded_scop(_scop(TWO_ACCUMULATORS))
    assert scop is not None
    code = buffer_code(scop, ExpressionPrinter())
    assert len(code.allocations) == 1 and " ? ni2 : nj" in code.allocations[0]
    name = re.search(r"\(\*(\w+)\)\[", code.allocations[0]).group(1)
    program = ("#include <stdio.h>\nint main(void)\n{\n"
               "  int ni = 391, nj = 219, nk = 409, ni2 = 765, nj2 = 463, nk2 = 483;\n"
               f"  {code.allocations[0]}\n"
               f"  printf(\"%d\\n\", {name} != 0 && (unsigned long) {name} > 65536);\n"
               f"  __builtin_free({name});\n  (void) nk; (void) nk2;\n  return 0;\n}}\n")
    output, _ = compile_and_run(program, tmp_path, "allocation")
    assert output.strip() == "1", program
