"""Symmetric matrix products over several statements (polyopt.blas.sums): the
spellings that become one cblas_?symm call, print the original's results, and the
near misses that do not."""

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
#define M 23
#define N 17
double A[M][M], Ar[N][N], B[M][N], C[M][N], G[M][M];
double alpha = 1.5, beta = 1.25;

void kernel(void)
{
  int i, j, k;
  double t;
#pragma scop
SCOP
#pragma endscop
AFTER
}

int main(void)
{
  int i, j;
  for (i = 0; i < M; i++)
    for (j = 0; j < M; j++) {
      A[i][j] = (double) ((i * 7 + j * 3) % 11) / 11.0 - 0.4;
      G[i][j] = (double) ((i * 5 + j) % 13) / 13.0;
    }
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      Ar[i][j] = (double) ((i * 3 + j * 5) % 7) / 7.0;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      B[i][j] = (double) ((i + j * 2) % 9) / 9.0;
      C[i][j] = (double) ((i * 2 + j) % 5) / 5.0 + 0.5;
    }
  kernel();
  for (i = 0; i < M; i++) {
    for (j = 0; j < N; j++)
      printf("%.12g ", C[i][j]);
    printf("\n");
  }
  return 0;
}
"""

POLYBENCH_FORM = """for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      t = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        t += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * t;
    }"""

SPELLINGS = {
    # PolyBench's symm: A's lower triangle, one sum kept in a scalar
    "left, lower, in a scalar": (POLYBENCH_FORM, "dsymm left lower alpha=alpha beta=beta"),
    # the upper triangle, a separate scaling, the output's column loop outermost
    "left, upper, scaled first": (
        "for (i = 0; i < M; i++) for (j = 0; j < N; j++) C[i][j] *= beta;\n"
        "for (j = 0; j < N; j++) for (i = 0; i < M; i++) {\n"
        "  for (k = i; k < M; k++) C[i][j] += alpha * A[i][k] * B[k][j];\n"
        "  for (k = 0; k < i; k++) C[i][j] += alpha * A[k][i] * B[k][j];\n}",
        "dsymm left upper alpha=alpha beta=beta"),
    # B times the symmetric matrix, set to zero first, minus a constant factor
    "right, lower, zero first, minus": (
        "for (i = 0; i < M; i++) for (j = 0; j < N; j++) {\n  C[i][j] = 0.0;\n"
        "  for (k = 0; k <= j; k++) C[i][j] -= 2.0 * B[i][k] * Ar[j][k];\n"
        "  for (k = j + 1; k < N; k++) C[i][j] -= Ar[k][j] * (B[i][k] * 2.0);\n}",
        "dsymm right lower alpha=-2.0 beta=0"),
}

NEAR_MISSES = {
    # the whole matrix read: a product, not a symmetric one (gemm takes it)
    "not symmetric": (
        "for (i = 0; i < M; i++) for (j = 0; j < N; j++) for (k = 0; k < M; k++)"
        " C[i][j] += alpha * G[i][k] * B[k][j];", ""),
    # the diagonal summed in both loops
    "diagonal twice": (
        "for (i = 0; i < M; i++) for (j = 0; j < N; j++) {\n"
        "  for (k = i; k < M; k++) C[i][j] += alpha * A[i][k] * B[k][j];\n"
        "  for (k = 0; k <= i; k++) C[i][j] += alpha * A[k][i] * B[k][j];\n}", ""),
    # one triangle read both ways: A[i][k] for every k
    "one triangle both ways": (
        "for (i = 0; i < M; i++) for (j = 0; j < N; j++) {\n"
        "  for (k = i; k < M; k++) C[i][j] += alpha * A[i][k] * B[k][j];\n"
        "  for (k = 0; k < i; k++) C[i][j] += alpha * A[i][k] * B[k][j];\n}", ""),
    # beta scales what was summed already
    "scaled last": (
        "for (i = 0; i < M; i++) for (j = 0; j < N; j++) {\n"
        "  for (k = i; k < M; k++) C[i][j] += alpha * A[i][k] * B[k][j];\n"
        "  for (k = 0; k < i; k++) C[i][j] += alpha * A[k][i] * B[k][j];\n"
        "  C[i][j] = beta * C[i][j];\n}", ""),
}


def _program(scop: str, after: str = "") -> str:
    return PROGRAM.replace("SCOP", scop).replace("AFTER", after)


def _symm(scop: str, after: str = "") -> str:
    """The symm call found, as 'dsymm SIDE TRIANGLE alpha=.. beta=..' ('' if none)."""
    source = SourceFile("t.c", _program(scop, after))
    scop_model = extract_scops(source).scops[0]
    found = analyse(source, scop_model)
    assert not isinstance(found, str), found
    calls = [c for m in found.matches for c in m.calls if c.routine == "symm"]
    return "; ".join(f"{c.name} {'left' if c.left else 'right'} "
                     f"{'lower' if c.lower else 'upper'} alpha={c.alpha} beta={c.beta}"
                     for c in calls)


@pytest.mark.parametrize("name", SPELLINGS)
def test_symm_spellings_match(name):
    scop, expected = SPELLINGS[name]
    assert _symm(scop) == expected


@pytest.mark.parametrize("name", NEAR_MISSES)
def test_symm_near_misses_are_not_matched(name):
    scop, expected = NEAR_MISSES[name]
    assert _symm(scop) == expected


def test_a_scalar_read_after_the_region_keeps_the_loops():
    """The scalar's last value is read after the SCoP: not private, no call."""
    assert _symm(POLYBENCH_FORM, after='printf("%g\\n", t);') == ""


def test_the_polybench_form_is_one_match_of_all_four_statements():
    source = SourceFile("t.c", _program(POLYBENCH_FORM))
    found = analyse(source, extract_scops(source).scops[0])
    assert [m.statements for m in found.matches] == [["S0", "S1", "S2", "S3"]]
    call = found.matches[0].calls[0]
    assert [o.array for o in call.operands] == ["A", "B"] and call.sizes == ["M", "N"]


@needs_gcc
@pytest.mark.parametrize("name", SPELLINGS)
def test_symm_calls_print_the_same(tmp_path, name):
    text = _program(SPELLINGS[name][0])
    optimized = optimize_source(SourceFile("t.c", text), Options(
        blas=True, blas_mode="always", use_database=False)).text
    assert "polyopt_cblas_dsymm(101" in optimized
    original, _ = compile_and_run(text, tmp_path, "original")
    replaced, _ = compile_and_run(optimized, tmp_path, "blas", libraries=library_flags(None))
    assert _close(original, replaced, 1e-12), (original, replaced)


@pytest.mark.parametrize("declaration, use, private", [
    ("  double t;", "", True),                       # local, named nowhere else
    ("  double t;", "  t = t;", False),              # read after the region
    ("  double t, *p = &t;", "", False),             # its address taken
    ("", "", False),                                 # at file scope (declared below)
    # another function's variable of the same name is another variable
    ("  double t;", "}\nvoid g(void)\n{\n  double t = 1; (void) t;", True),
    # a macro naming it may read it anywhere after its definition
    ("  double t;", "}\n#define T_NOW t\nvoid g(void)\n{", False),
])
def test_private_scalars(declaration, use, private):
    from polyopt.frontend.declarations import private_scalars
    from polyopt.frontend.declarations import scope_at
    text = ("double A[8][8], s;\ndouble t_global;\n"
            + ("double t;\n" if not declaration else "")
            + "void f(void)\n{\n  int i, j;\n" + declaration + "\n#pragma scop\n"
            "for (i = 0; i < 8; i++) { t = 0; for (j = 0; j < 8; j++) t += A[i][j]; "
            "A[i][0] = t; }\n#pragma endscop\n" + use + "\n}\n")
    source = SourceFile("t.c", text)
    scop = extract_scops(source).scops[0]
    found = private_scalars(source, scop, scope_at(source, scop.region.start))
    assert ("t" in found) == private
