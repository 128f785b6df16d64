"""Matrix products summed in a scalar, over several statements (polyopt.blas.sums's
sums of products, the gemm and gemv forms): the spellings that become cblas_?gemm and
cblas_?gemv calls and print the original's results, and the near misses that do not."""

from __future__ import annotations

import pytest

from polyopt.blas import library_flags
from polyopt.pipeline.blas import analyse
from polyopt.frontend import extract_scops
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc
from tests.test_blas import _close

PROGRAM = r"""#include <stdio.h>
#define NI 19
#define NJ 23
#define NK 17
#define NL 13
double A[NI][NK], At[NK][NI], B[NK][NJ], Bt[NJ][NK], C[NI][NJ], E[NJ][NL], D[NI][NL];
double x[NK], y[NI];
double alpha = 1.5, beta = 1.25;

void kernel(void)
{
  int i, j, k, l;
  double s, u;
#pragma scop
SCOP
#pragma endscop
AFTER
}

int main(void)
{
  int i, j;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NK; j++) {
      A[i][j] = (double) ((i * 7 + j * 3) % 11) / 11.0 - 0.4;
      At[j][i] = (double) ((i * 5 + j) % 13) / 13.0;
    }
  for (i = 0; i < NK; i++)
    for (j = 0; j < NJ; j++) {
      B[i][j] = (double) ((i + j * 2) % 9) / 9.0;
      Bt[j][i] = (double) ((i * 3 + j) % 7) / 7.0 - 0.2;
    }
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      C[i][j] = (double) ((i * 2 + j) % 5) / 5.0 + 0.5;
  for (i = 0; i < NJ; i++)
    for (j = 0; j < NL; j++)
      E[i][j] = (double) ((i + 4 * j) % 6) / 6.0;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NL; j++)
      D[i][j] = (double) ((i * j) % 8) / 8.0;
  for (i = 0; i < NK; i++)
    x[i] = (double) (i % 4) / 4.0 - 0.3;
  for (i = 0; i < NI; i++)
    y[i] = (double) (i % 3) / 3.0;
  kernel();
  for (i = 0; i < NI; i++) {
    for (j = 0; j < NJ; j++)
      printf("%.12g ", C[i][j]);
    for (j = 0; j < NL; j++)
      printf("%.12g ", D[i][j]);
    printf("%.12g\n", y[i]);
  }
  return 0;
}
"""

SCALAR_FORM = """for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++) {
      s = 0;
      for (k = 0; k < NK; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }"""

SPELLINGS = {
    # the sum in a scalar, then stored: beta 0
    "in a scalar": (SCALAR_FORM, "C <- A, B, alpha=1, beta=0, sizes NI x NJ x NK"),
    # both operands transposed, the column loop outermost, alpha and beta
    "transposed, scaled": (
        "for (j = 0; j < NJ; j++) for (i = 0; i < NI; i++) {\n  s = 0.0;\n"
        "  for (k = 0; k < NK; k++) s += At[k][i] * Bt[j][k];\n"
        "  C[i][j] = beta * C[i][j] + alpha * s;\n}",
        "C <- At^T, Bt^T, alpha=alpha, beta=beta, sizes NI x NJ x NK"),
    # the sum over part of the rows, added to the output with a constant factor
    "from row 2, added": (
        "for (i = 0; i < NI; i++) for (j = 0; j < NJ; j++) {\n  s = 0;\n"
        "  for (k = 2; k < NK; k++) s += A[i][k] * B[k][j];\n  C[i][j] += 2.0 * s;\n}",
        "C <- A, B, alpha=2.0, sizes NI x NJ x (NK - 2)"),
    # two products in a chain (2mm), a scalar each: the second reads the first's output
    "a chain of two": (
        SCALAR_FORM + "\n  for (i = 0; i < NI; i++) for (l = 0; l < NL; l++) {\n  u = 0;\n"
        "  for (j = 0; j < NJ; j++) u += C[i][j] * E[j][l];\n  D[i][l] = beta * D[i][l] + u;\n}",
        "C <- A, B, alpha=1, beta=0, sizes NI x NJ x NK; "
        "D <- C, E, alpha=1, beta=beta, sizes NI x NL x NJ"),
    # a matrix times a vector, then the transposed matrix's
    "matrix-vector": (
        "for (i = 0; i < NI; i++) {\n  s = 0;\n  for (k = 0; k < NK; k++) s += A[i][k] * x[k];\n"
        "  y[i] = s;\n}", "y <- A, x, alpha=1, beta=0, sizes NI x NK"),
    "transposed matrix-vector, scaled": (
        "for (i = 0; i < NI; i++) {\n  s = 0;\n  for (k = 0; k < NK; k++) s += x[k] * At[k][i];\n"
        "  y[i] = beta * y[i] - alpha * s;\n}",
        "y <- At^T, x, alpha=-alpha, beta=beta, sizes NK x NI"),
}

NEAR_MISSES = {
    # the scalar is never reset: each cell gets the sums of the cells before it
    "not reset": (
        "s = 0;\nfor (i = 0; i < NI; i++) for (j = 0; j < NJ; j++) {\n"
        "  for (k = 0; k < NK; k++) s += A[i][k] * B[k][j];\n  C[i][j] = s;\n}"),
    # an index that is not the template's
    "another index": SCALAR_FORM.replace("B[k][j]", "B[k][i]"),
    # a matrix-vector product whose vector follows the output's index
    "the vector at the row": (
        "for (i = 0; i < NI; i++) {\n  s = 0;\n  for (k = 0; k < NK; k++) s += A[i][k] * x[i];\n"
        "  y[i] = s;\n}"),
    # a second overwrite: what the first wrote is lost
    "overwritten twice": (
        "for (i = 0; i < NI; i++) for (j = 0; j < NJ; j++) {\n  C[i][j] = A[i][0] * B[0][j];\n"
        "  s = 0;\n  for (k = 0; k < NK; k++) s += A[i][k] * B[k][j];\n  C[i][j] = s;\n}"),
    # the output is also an operand
    "the output read": SCALAR_FORM.replace("B[k][j]", "C[k][j]"),
    # an operand written while the products read it
    "an operand written between": (
        "for (i = 0; i < NI; i++) {\n  for (j = 0; j < NJ; j++) {\n    s = 0;\n"
        "    for (k = 0; k < NK; k++) s += A[i][k] * B[k][j];\n    C[i][j] = s;\n  }\n"
        "  for (j = 0; j < NJ; j++) B[0][j] += 0.5 * C[i][j];\n}"),
    # a value of the output that a later write replaces is read in between
    "a partial value read": (
        "for (i = 0; i < NI; i++) for (j = 0; j < NJ; j++) {\n  C[i][j] *= beta;\n"
        "  D[i][0] += C[i][j];\n  s = 0;\n"
        "  for (k = 0; k < NK; k++) s += A[i][k] * B[k][j];\n  C[i][j] += s;\n}"),
}


def _program(scop: str, after: str = "") -> str:
    return PROGRAM.replace("SCOP", scop).replace("AFTER", after)


def _gemms(scop: str, after: str = "") -> str:
    """The gemm calls found, as `--dump blas` describes them ('' if none)."""
    from polyopt.blas import describe_call
    source = SourceFile("t.c", _program(scop, after))
    found = analyse(source, extract_scops(source).scops[0])
    assert not isinstance(found, str), found
    return "; ".join(describe_call(c) for m in found.matches for c in m.calls
                     if c.routine in ("gemm", "gemv"))


@pytest.mark.parametrize("name", SPELLINGS)
def test_products_in_a_scalar_match(name):
    scop, expected = SPELLINGS[name]
    assert _gemms(scop) == expected


@pytest.mark.parametrize("name", NEAR_MISSES)
def test_near_misses_are_not_matched(name):
    assert _gemms(NEAR_MISSES[name]) == ""


def test_dump_blas_says_why_a_sum_in_a_scalar_is_no_call():
    source = SourceFile("t.c", _program(NEAR_MISSES["another index"]))
    found = analyse(source, extract_scops(source).scops[0])
    assert found.rejected["S2"].endswith(
        "summed over statements: the sums are not a product of two matrices or a matrix "
        "times a vector"), found.rejected


SUM_IN = ("for (i = 0; i < NI; i++) for (j = 0; j < NJ; j++) {\n  TYPE t = 0;\n"
          "  for (k = 0; k < NK; k++) t += A[i][k] * B[k][j];\n  C[i][j] = t;\n}")


@pytest.mark.parametrize("kind", ["int", "long", "float"])
def test_a_sum_in_a_scalar_of_another_type_is_no_call(kind):
    # C truncates (int) or rounds (float) the sum at every step; a dgemm would not
    assert _gemms(SUM_IN.replace("TYPE", kind)) == ""
    source = SourceFile("t.c", _program(SUM_IN.replace("TYPE", kind)))
    found = analyse(source, extract_scops(source).scops[0])
    assert f"the scalar 't' is not declared with the type of 'C' ({kind}, not double)" in \
        " ".join(found.rejected.values()), found.rejected
    vector = "for (i = 0; i < NI; i++) {\n  TYPE t = 0;\n  for (k = 0; k < NK; k++) " \
             "t += A[i][k] * x[k];\n  y[i] = t;\n}"
    assert _gemms(vector.replace("TYPE", kind)) == ""
    assert _gemms(vector.replace("TYPE", "double")) != ""
    assert _gemms(SUM_IN.replace("TYPE", "double")) != ""


def test_a_scalar_read_after_the_region_keeps_the_loops():
    assert _gemms(SCALAR_FORM, after='printf("%g\\n", s);') == ""


def test_the_operands_start_where_the_sum_does():
    source = SourceFile("t.c", _program(SPELLINGS["from row 2, added"][0]))
    call = analyse(source, extract_scops(source).scops[0]).matches[0].calls[0]
    assert [o.first for o in call.operands] == [["0", "2"], ["2", "0"]]
    assert call.output.first == ["0", "0"] and call.beta == "1"


@needs_gcc
@pytest.mark.parametrize("name", SPELLINGS)
def test_calls_print_the_same(tmp_path, name):
    text = _program(SPELLINGS[name][0])
    optimized = optimize_source(SourceFile("t.c", text), Options(
        blas=True, blas_mode="always", use_database=False)).text
    assert "polyopt_cblas_dgemm(101" in optimized or "polyopt_cblas_dgemv(101" in optimized
    original, _ = compile_and_run(text, tmp_path, "original")
    replaced, _ = compile_and_run(optimized, tmp_path, "blas", libraries=library_flags(None))
    assert _close(original, replaced, 1e-12), (original, replaced)
