"""--blas: statements matched as BLAS operations on the model, replaced by CBLAS
calls; the programs print what the originals print (within a tolerance: the
calls sum in another order)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from polyopt.blas import library_flags, match_blas
from polyopt.frontend import extract_scops
from polyopt.frontend.declarations import scope_at
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc

POLYBENCH = Path(__file__).parent.parent / "polybench"


def analysis(scop_text: str, declarations: str = "", element: str = "double"):
    text = (f"#define N 13\n#define M 17\n#define K 11\n"
            f"{element} A[N][K], B[K][M], C[N][M], At[K][N], Bt[M][K], x[M], y[N], z[N], "
            f"w[M], S[N][N];\n{element} alpha, beta;\n{declarations}\n"
            f"void f(void) {{\n  int i, j, k;\n#pragma scop\n{scop_text}\n#pragma endscop\n}}\n")
    source = SourceFile("t.c", text)
    scop = extract_scops(source).scops[0]
    return match_blas(scop, scope_at(source, scop.region.start).declarations)


def calls(scop_text: str, **keywords) -> list[str]:
    """Each match as 'statements: routine[operand transposes] beta'."""
    found = analysis(scop_text, **keywords)
    return [f"{'+'.join(m.statements)}: " + ", ".join(
        f"{c.name}[{''.join('T' if o.transposed else 'N' for o in c.operands)}] "
        f"alpha={c.alpha} beta={c.beta}" for c in m.calls) for m in found.matches]


GEMM_SPELLINGS = {
    "ikj, scaled first": (
        "for (i = 0; i < N; i++) { for (j = 0; j < M; j++) C[i][j] *= beta;"
        " for (k = 0; k < K; k++) for (j = 0; j < M; j++) C[i][j] += alpha * A[i][k] * B[k][j]; }",
        "S0+S1: dgemm[NN] alpha=alpha beta=beta"),
    "ijk, zero first, long form": (
        "for (i = 0; i < N; i++) for (j = 0; j < M; j++) C[i][j] = 0.0;"
        " for (i = 0; i < N; i++) for (j = 0; j < M; j++) for (k = 0; k < K; k++)"
        " C[i][j] = C[i][j] + A[i][k] * B[k][j];",
        "S0+S1: dgemm[NN] alpha=1 beta=0"),
    "kji, both transposed, factors swapped, minus": (
        "for (k = 0; k < K; k++) for (j = 0; j < M; j++) for (i = 0; i < N; i++)"
        " C[i][j] -= Bt[j][k] * (At[k][i] * alpha);",
        "S0: dgemm[TT] alpha=-alpha beta=1"),
    "beta as a product, written out": (
        "for (i = 0; i < N; i++) for (j = 0; j < M; j++) { C[i][j] = beta * C[i][j];"
        " for (k = 0; k < K; k++) C[i][j] = alpha * A[i][k] * B[k][j] + C[i][j]; }",
        "S0+S1: dgemm[NN] alpha=alpha beta=beta"),
}


@pytest.mark.parametrize("name", GEMM_SPELLINGS)
def test_gemm_spellings_match(name):
    text, expected = GEMM_SPELLINGS[name]
    assert calls(text) == [expected]


def test_gemv_both_orientations_and_ger():
    assert calls("for (i = 0; i < N; i++) { y[i] = 0; for (j = 0; j < M; j++)"
                 " y[i] += C[i][j] * x[j]; }") == ["S0+S1: dgemv[NN] alpha=1 beta=0"]
    assert calls("for (i = 0; i < N; i++) for (j = 0; j < M; j++)"
                 " x[j] = x[j] + beta * C[i][j] * y[i];") == ["S0: dgemv[TN] alpha=beta beta=1"]
    assert calls("for (i = 0; i < N; i++) for (j = 0; j < M; j++)"
                 " C[i][j] = C[i][j] + y[i] * x[j] + alpha * z[i] * w[j];") == \
        ["S0: dger[NN] alpha=1 beta=1, dger[NN] alpha=alpha beta=1"]
    assert calls("for (j = 0; j < M; j++) for (i = 0; i < N; i++) C[i][j] += x[j] * y[i];") == \
        ["S0: dger[NN] alpha=1 beta=1"]


def test_rank_k_updates_on_triangles():
    assert calls("for (i = 0; i < N; i++) { for (j = 0; j <= i; j++) S[i][j] *= beta;"
                 " for (k = 0; k < K; k++) for (j = 0; j <= i; j++)"
                 " S[i][j] += alpha * A[i][k] * A[j][k]; }") == ["S0+S1: dsyrk[N] alpha=alpha beta=beta"]
    found = analysis("for (i = 0; i < N; i++) for (j = i; j < N; j++) for (k = 0; k < K; k++)"
                     " S[i][j] = S[i][j] + At[k][j] * At[k][i];")
    call, = found.matches[0].calls
    assert (call.name, call.lower, call.operands[0].transposed) == ("dsyrk", False, True)
    found = analysis("for (i = 0; i < N; i++) for (k = 0; k < K; k++) for (j = 0; j <= i; j++)"
                     " S[i][j] += A[j][k] * alpha * z2[i][k] + z2[j][k] * alpha * A[i][k];",
                     declarations="double z2[N][K];")
    call, = found.matches[0].calls
    assert (call.name, call.lower, [o.array for o in call.operands]) == \
        ("dsyr2k", True, ["z2", "A"])


def test_level_one_operations():
    found = analysis("s = 0; for (k = 0; k < K; k++) s = s + alpha * A[2][k] * z2[3][k];",
                     declarations="double s, z2[N][K];")
    assert found.matches == [] and "not one iterator plus a shift" in found.rejected["S1"]
    assert calls("s = 0; for (i = 0; i < M; i++) s += x[i] * w[i];",
                 declarations="double s;") == ["S0+S1: ddot[NN] alpha=1 beta=0"]
    assert calls("for (i = 0; i < M; i++) s -= w[i] * x[i] * alpha;",
                 declarations="double s;") == ["S0: ddot[NN] alpha=-alpha beta=1"]
    assert calls("for (i = 0; i < N; i++) y[i] = y[i] + alpha * z[i] - y[i - 1];") == []
    assert calls("for (i = 0; i < N; i++) y[i] = alpha * z[i] + y[i];") == \
        ["S0: daxpy[N] alpha=alpha beta=1"]
    assert calls("for (i = 0; i < N; i++) y[i] *= alpha;") == ["S0: dscal[] alpha=alpha beta=1"]


def _triangular(scop_text: str) -> list[str]:
    found = analysis(scop_text, declarations="double X[N][M], Y[N][M], T[N][N], R[M][M];")
    return [f"{'+'.join(m.statements)}: {c.name} {'L' if c.lower else 'U'}"
            f"{'T' if c.operands[0].transposed else 'N'}{'U' if c.unit else 'N'}"
            f"{'' if c.left else ' right'} alpha={c.alpha}"
            for m in found.matches for c in m.calls]


def test_triangular_solves():
    forward = ("for (i = 0; i < N; i++) { for (j = 0; j < i; j++) y[i] -= T[i][j] * y[j];"
               " y[i] = y[i] / T[i][i]; }")
    assert _triangular(forward) == ["S0+S1: dtrsv LNN alpha=1"]
    unit = "for (i = 0; i < N; i++) for (j = 0; j < i; j++) y[i] -= T[i][j] * y[j];"
    assert _triangular(unit) == ["S0: dtrsv LNU alpha=1"]
    backward = ("for (i = N - 1; i >= 0; i--) { for (j = i + 1; j < N; j++)"
                " y[i] = y[i] - y[j] * T[j][i]; y[i] /= T[i][i]; }")
    assert _triangular(backward) == ["S0+S1: dtrsv LTN alpha=1"]
    many = ("for (i = 0; i < N; i++) { for (j = 0; j < i; j++) for (k = 0; k < M; k++)"
            " X[i][k] -= T[i][j] * X[j][k]; for (k = 0; k < M; k++) X[i][k] /= T[i][i]; }")
    assert _triangular(many) == ["S0+S1: dtrsm LNN alpha=1"]
    right = ("for (i = 0; i < M; i++) { for (j = 0; j < i; j++) for (k = 0; k < N; k++)"
             " Y[k][i] -= Y[k][j] * R[j][i]; for (k = 0; k < N; k++) Y[k][i] /= R[i][i]; }")
    assert _triangular(right) == ["S0+S1: dtrsm UNN right alpha=1"]


def test_triangular_products():
    left = ("for (i = 0; i < N; i++) for (j = 0; j < M; j++) { for (k = i + 1; k < N; k++)"
            " X[i][j] += T[k][i] * X[k][j]; X[i][j] = alpha * X[i][j]; }")
    assert _triangular(left) == ["S0+S1: dtrmm LTU alpha=alpha"]
    right = ("for (i = 0; i < N; i++) for (j = M - 1; j >= 0; j--) for (k = 0; k < j; k++)"
             " X[i][j] += X[i][k] * R[k][j];")
    assert _triangular(right) == ["S0: dtrmm UNU right alpha=1"]


TRIANGULAR_NEAR_MISSES = {
    # j > i in a forward loop: x[j] is not final yet
    "a solve that reads unfinished cells": (
        "for (i = 0; i < N; i++) { for (j = i + 1; j < N; j++) y[i] -= T[i][j] * y[j];"
        " y[i] = y[i] / T[i][i]; }", "finished value"),
    "a division by another element": (
        "for (i = 0; i < N; i++) { for (j = 0; j < i; j++) y[i] -= T[i][j] * y[j];"
        " y[i] = y[i] / T[i][0]; }", "division"),
    # the unit solve's reads are not final: the division comes after
    "a division that is no solve's": (
        "for (i = 0; i < N; i++) { for (j = 0; j < i; j++) y[i] -= T[i][j] * y[j];"
        " y[i] = y[i] / z[i]; }", "finished value"),
    # k < i in a forward loop: X[k][j] already updated
    "a product that reads updated cells": (
        "for (i = 0; i < N; i++) for (j = 0; j < M; j++) for (k = 0; k < i; k++)"
        " X[i][j] += T[i][k] * X[k][j];", "input value"),
    "a product with a factor": (
        "for (i = 0; i < N; i++) for (j = 0; j < M; j++) for (k = i + 1; k < N; k++)"
        " X[i][j] += alpha * T[i][k] * X[k][j];", "neither"),
}


@pytest.mark.parametrize("name", TRIANGULAR_NEAR_MISSES)
def test_triangular_near_misses(name):
    text, reason = TRIANGULAR_NEAR_MISSES[name]
    found = analysis(text, declarations="double X[N][M], T[N][N];")
    assert found.matches == []
    assert reason in found.rejected["S0"], found.rejected


def test_float_and_shifted_bounds():
    found = analysis("for (i = 1; i < N; i++) for (j = 0; j < M - 1; j++) for (k = 2; k < K; k++)"
                     " C[i][j + 1] += A[i][k] * B[k - 2][j];", element="float")
    call, = found.matches[0].calls
    assert call.name == "sgemm"
    assert call.sizes == ["(N - 1)", "(M - 1)", "(K - 2)"]
    assert call.output.first == ["1", "1"] and call.operands[1].first == ["0", "0"]


NEAR_MISSES = {
    "a different index": "for (i = 0; i < N; i++) for (j = 0; j < M; j++) for (k = 0; k < K; k++)"
                         " C[i][j] += A[i][k] * B[k][i];",
    "no reduction (overwrite)": "for (i = 0; i < N; i++) for (j = 0; j < M; j++)"
                                " for (k = 0; k < K; k++) C[i][j] = A[i][k] * B[k][j];",
    "aliasing write": "for (i = 0; i < N; i++) for (j = 0; j < N; j++) for (k = 0; k < N; k++)"
                      " S[i][j] += S[i][k] * S[k][j];",
    "a triangle of a matrix product": "for (i = 0; i < N; i++) for (j = 0; j <= i; j++)"
                                      " for (k = 0; k < N; k++) S[i][j] += S2[i][k] * S2[k][j];",
    "a factor the SCoP writes": "for (i = 0; i < N; i++) for (j = 0; j < M; j++) {"
                                " for (k = 0; k < K; k++) C[i][j] += t * A[i][k] * B[k][j];"
                                " t = C[i][j]; }",
    "an iterator as a factor": "for (i = 0; i < N; i++) for (j = 0; j < M; j++)"
                               " for (k = 0; k < K; k++) C[i][j] += k * A[i][k] * B[k][j];",
    "a strict triangle": "for (i = 0; i < N; i++) for (j = 0; j < i; j++) for (k = 0; k < K; k++)"
                         " S[i][j] += A[i][k] * A[j][k];",
    "a triangle of two matrices": "for (i = 0; i < N; i++) for (j = 0; j <= i; j++)"
                                  " for (k = 0; k < K; k++) S[i][j] += A[i][k] * z2[j][k];",
    "two rank-k terms, two alphas": "for (i = 0; i < N; i++) for (j = 0; j <= i; j++)"
                                    " for (k = 0; k < K; k++)"
                                    " S[i][j] += alpha * A[i][k] * z2[j][k] + z2[i][k] * A[j][k];",
    "a diagonal": "for (i = 0; i < N; i++) for (k = 0; k < K; k++) y[i] += A[i][k] * At[k][i];",
    "a pointer to pointers": "for (i = 0; i < N; i++) for (j = 0; j < M; j++)"
                             " for (k = 0; k < K; k++) P[i][j] += A[i][k] * B[k][j];",
    "an integer array": "for (i = 0; i < N; i++) for (j = 0; j < M; j++)"
                        " for (k = 0; k < K; k++) I[i][j] += A[i][k] * B[k][j];",
}


@pytest.mark.parametrize("name", NEAR_MISSES)
def test_near_misses_are_not_matched(name):
    found = analysis(NEAR_MISSES[name], declarations="double t; double **P; int I[N][M]; double z2[N][K], S2[N][N];")
    assert found.matches == []
    assert found.rejected


def test_blas_flags_name_the_wheel_and_other_libraries():
    flags = library_flags(None)
    assert any(f.startswith("-l") for f in flags) and '-DPOLYOPT_CBLAS_PREFIX="scipy_"' in flags
    assert library_flags("mkl_rt") == ['-DPOLYOPT_CBLAS_PREFIX=""', "-lmkl_rt"]
    assert library_flags("-L/opt/x -lopenblas")[1:] == ["-L/opt/x", "-lopenblas"]
    printed = subprocess.run([sys.executable, "-m", "polyopt", "--blas-flags"],
                             capture_output=True, text=True, check=True).stdout.split()
    assert printed == flags


MIXED = r"""
#include <stdio.h>
#define N 37
#define M 29
#define K 41
static ELEMENT A[N][K], A2[N][K], B[K][M], C[N][M], D[N][M], x[M], y[N], u[N], v[M];
int main(void)
{
  ELEMENT alpha = 1.5, beta = 0.75, total = 0;
  int i, j, k;
  for (i = 0; i < N; i++) for (k = 0; k < K; k++) A[i][k] = (ELEMENT) ((i * 7 + k * 3) % 11) / 11;
  for (k = 0; k < K; k++) for (j = 0; j < M; j++) B[k][j] = (ELEMENT) ((k * 5 + j) % 13) / 13;
  for (i = 0; i < N; i++) for (j = 0; j < M; j++) C[i][j] = (ELEMENT) ((i + j) % 7) / 7;
  for (j = 0; j < M; j++) x[j] = (ELEMENT) (j % 5) / 5, v[j] = (ELEMENT) (j % 3) / 3;
  for (i = 0; i < N; i++) u[i] = (ELEMENT) (i % 4) / 4;
#pragma scop
  for (i = 0; i < N; i++)
    for (k = 0; k < K; k++)
      A2[i][k] = A[i][k] * 2 + i;
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++)
      C[i][j] *= beta;
    for (k = 0; k < K; k++)
      for (j = 0; j < M; j++)
        C[i][j] += alpha * A2[i][k] * B[k][j];
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      C[i][j] = C[i][j] + u[i] * x[j];
  for (i = 0; i < N; i++) {
    y[i] = 0;
    for (j = 0; j < M; j++)
      y[i] = y[i] + C[i][j] * v[j];
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      D[i][j] = C[i][j] - y[i];
#pragma endscop
  for (i = 0; i < N; i++) for (j = 0; j < M; j++) total += D[i][j] * ((i + 2 * j) % 5);
  printf("%.10g %.10g %.10g %.10g\n", (double) total, (double) D[3][4], (double) y[N - 1], (double) C[N - 1][M - 1]);
  return 0;
}
"""


def _numbers(text: str) -> list[float]:
    return [float(t) for t in re.findall(r"-?\d[\d.eE+-]*", text)]


def _close(expected: str, got: str, tolerance: float) -> bool:
    a, b = _numbers(expected), _numbers(got)
    return len(a) == len(b) and all(abs(p - q) <= tolerance * max(1.0, abs(p), abs(q))
                                    for p, q in zip(a, b))


def _optimized(text: str, name: str = "t.c") -> tuple[str, list[str]]:
    result = optimize_source(SourceFile(name, text), Options(blas=True, blas_mode="always", use_database=False))
    return result.text, result.warnings


@needs_gcc
@pytest.mark.parametrize("element,tolerance", [("double", 1e-12), ("float", 1e-4)])
def test_mixed_scop_keeps_its_order_and_results(tmp_path, element, tolerance):
    text = MIXED.replace("ELEMENT", element)
    optimized, _ = _optimized(text)
    letter = {"double": "d", "float": "s"}[element]
    for routine in ("gemm", "ger", "gemv"):
        assert f'"cblas_{letter}{routine}")' in optimized and \
            f"polyopt_cblas_{letter}{routine}(101" in optimized
    assert "changes the order of floating-point sums" in optimized
    original, _ = compile_and_run(text, tmp_path, "original")
    replaced, warnings = compile_and_run(optimized, tmp_path, "blas",
                                         libraries=library_flags(None))
    assert _close(original, replaced, tolerance), (original, replaced)
    assert not {w for w in warnings if "pragma" not in w}


LEVEL_ONE = r"""
#include <stdio.h>
#define N 50
double x[N], y[N], z[N], s, t;
int main(void) {
  int i; double a = 0.5;
  for (i = 0; i < N; i++) x[i] = i % 7 * 0.25, y[i] = (i % 3) - 1, z[i] = i * 0.01;
#pragma scop
  s = 0;
  for (i = 0; i < N; i++)
    s += x[i] * y[i];
  for (i = 0; i < N; i++)
    y[i] = y[i] + a * x[i] - z[i];
  for (i = 0; i < N; i++)
    z[i] *= a;
  t = 2.0;
  for (i = 0; i < N; i++)
    t = t + z[i] * x[i] * a;
#pragma endscop
  printf("%.15g %.15g %.15g %.15g\\n", s, t, y[N - 1] + y[3], z[7]);
  return 0;
}
"""


@needs_gcc
def test_level_one_calls_print_the_same(tmp_path):
    optimized, _ = _optimized(LEVEL_ONE)
    for routine in ("ddot", "daxpy", "dscal"):
        assert f"polyopt_cblas_{routine}(N" in optimized
    original, _ = compile_and_run(LEVEL_ONE, tmp_path, "original")
    replaced, _ = compile_and_run(optimized, tmp_path, "blas", libraries=library_flags(None))
    assert _close(original, replaced, 1e-13), (original, replaced)


TRIANGULAR = r"""
#include <stdio.h>
#define N 23
#define M 17
static double T[N][N], R[M][M], X[N][M], Y[N][M], Z[N][M], y[N], u[N];
int main(void)
{
  int i, j, k;
  double alpha = 0.5, total = 0;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) T[i][j] = i == j ? 4 + i % 3 : ((i * 3 + j) % 7 - 3) * 0.1;
  for (i = 0; i < M; i++) for (j = 0; j < M; j++) R[i][j] = i == j ? 3 + j % 2 : ((i + 2 * j) % 5 - 2) * 0.1;
  for (i = 0; i < N; i++) for (j = 0; j < M; j++) X[i][j] = Y[i][j] = Z[i][j] = (i * j % 9) * 0.25 - 1;
  for (i = 0; i < N; i++) y[i] = u[i] = i % 4 - 1.5;
#pragma scop
  for (i = N - 1; i >= 0; i--) {
    for (j = i + 1; j < N; j++)
      y[i] = y[i] - y[j] * T[j][i];
    y[i] /= T[i][i];
  }
  for (i = 0; i < N; i++) {
    for (j = 0; j < i; j++)
      u[i] -= T[i][j] * u[j];
    u[i] = u[i] / T[i][i];
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < i; j++)
      u[i] -= T[j][i] * u[j];
  for (i = 0; i < N; i++) {
    for (j = 0; j < i; j++)
      for (k = 0; k < M; k++)
        X[i][k] -= T[i][j] * X[j][k];
    for (k = 0; k < M; k++)
      X[i][k] /= T[i][i];
  }
  for (i = 0; i < M; i++) {
    for (j = 0; j < i; j++)
      for (k = 0; k < N; k++)
        Y[k][i] -= Y[k][j] * R[j][i];
    for (k = 0; k < N; k++)
      Y[k][i] /= R[i][i];
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      for (k = i + 1; k < N; k++)
        Z[i][j] += T[k][i] * Z[k][j];
      Z[i][j] = alpha * Z[i][j];
    }
  for (i = 0; i < N; i++)
    for (j = M - 1; j >= 0; j--)
      for (k = 0; k < j; k++)
        Z[i][j] += Z[i][k] * R[k][j];
#pragma endscop
  for (i = 0; i < N; i++) for (j = 0; j < M; j++) total += (X[i][j] + 2 * Y[i][j] + 3 * Z[i][j]) * ((i + j) % 7);
  printf("%.12g %.12g %.12g %.12g %.12g\\n", total, y[0], u[N - 1], X[N - 1][M - 1], Z[3][5]);
  return 0;
}
"""


@needs_gcc
def test_triangular_calls_print_the_same(tmp_path):
    optimized, _ = _optimized(TRIANGULAR)
    assert optimized.count("polyopt_cblas_dtrsv(101") == 3
    assert optimized.count("polyopt_cblas_dtrsm(101") == 2
    assert optimized.count("polyopt_cblas_dtrmm(101") == 2
    original, _ = compile_and_run(TRIANGULAR, tmp_path, "original")
    replaced, _ = compile_and_run(optimized, tmp_path, "blas", libraries=library_flags(None))
    assert _close(original, replaced, 1e-9), (original, replaced)


CYCLE = r"""
#include <stdio.h>
#define N 20
static double A[N + 1][N], B[N][N], C[N][N];
int main(void)
{
  int i, j, k;
  for (i = 0; i <= N; i++) for (j = 0; j < N; j++) A[i][j] = (i + j) % 3 - 1;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) B[i][j] = (i * j) % 5 * 0.25, C[i][j] = 0;
#pragma scop
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
    for (k = 0; k < N; k++)
      A[i + 1][k] = C[i][k] * 0.5;
  }
#pragma endscop
  printf("%.17g %.17g\n", C[N - 1][N - 1], A[N][3]);
  return 0;
}
"""


@needs_gcc
def test_no_calls_where_the_dependences_tie_them_to_the_rest(tmp_path):
    optimized, warnings = _optimized(CYCLE)
    assert "cblas" not in optimized
    assert any("do not let the calls run apart" in w for w in warnings)
    assert compile_and_run(optimized, tmp_path, "opt")[0] == \
        compile_and_run(CYCLE, tmp_path, "original")[0]


def _polybench_dumps(tmp_path, text: str, optimized: str, *defines: str) -> list[str]:
    outputs = []
    for name, program in (("original", text), ("blas", optimized)):
        source = tmp_path / f"{name}.c"
        source.write_text(program)
        subprocess.run(["gcc", "-O2", "-fopenmp", "-DMINI_DATASET", *defines, f"-I{POLYBENCH}",
                        str(source), str(POLYBENCH / "harness.c"), "-o", str(tmp_path / name),
                        "-lm", *library_flags(None)], check=True, capture_output=True)
        run = subprocess.run([str(tmp_path / name)], capture_output=True, text=True,
                             env={"HARNESS_DUMP": "1", "OMP_NUM_THREADS": "2"}, check=True)
        outputs.append(run.stderr)
    return outputs


@needs_gcc
def test_an_element_type_that_is_no_float_keeps_the_loops(tmp_path):
    """DATA_TYPE is int here: _Generic picks the loops, the results are exact."""
    path = POLYBENCH / "kernels" / "gemm.c"
    optimized, _ = _optimized(path.read_text(), str(path))
    original, replaced = _polybench_dumps(tmp_path, path.read_text(), optimized,
                                          "-DDATA_TYPE_IS_INT")
    assert "begin dump" in original and original == replaced


def test_the_library_chosen_names_the_symbols():
    text = "double A[9][9], x[9], y[9];\nvoid f(void) { int i, j;\n#pragma scop\n" \
           "for (i = 0; i < 9; i++) for (j = 0; j < 9; j++) y[i] += A[i][j] * x[j];\n" \
           "#pragma endscop\n}\n"
    wheel = optimize_source(SourceFile("t.c", text), Options(blas=True, blas_mode="always", use_database=False)).text
    other = optimize_source(SourceFile("t.c", text), Options(blas=True, blas_mode="always", use_database=False,
                                                             blas_library="openblas")).text
    assert '#define POLYOPT_CBLAS_PREFIX "scipy_"' in wheel
    assert '#define POLYOPT_CBLAS_PREFIX ""' in other


@needs_gcc
@pytest.mark.parametrize("kernel", ["gemm", "2mm", "3mm", "atax", "bicg", "gemver", "mvt",
                                    "gesummv", "syrk", "syr2k", "symm", "trmm", "trisolv"])
def test_polybench_kernels_with_blas(tmp_path, kernel):
    """The suite's kernels (element type DATA_TYPE, a macro: checked by _Generic in
    the generated code) print the original's arrays within 1e-12."""
    text = (POLYBENCH / "kernels" / f"{kernel}.c").read_text()
    optimized, _ = _optimized(text, str(POLYBENCH / "kernels" / f"{kernel}.c"))
    assert "polyopt_cblas_" in optimized
    outputs = _polybench_dumps(tmp_path, text, optimized)
    assert "begin dump" in outputs[0]
    assert _close(outputs[0], outputs[1], 1e-11)


def test_dump_blas_reports_matches_and_reasons(tmp_path):
    path = tmp_path / "k.c"
    path.write_text("double A[10][10], x[10], y[10];\nvoid f(void) {\n int i, j;\n#pragma scop\n"
                    " for (i = 0; i < 10; i++) for (j = 0; j < 10; j++) y[i] += A[i][j] * x[j];\n"
                    " for (i = 0; i < 10; i++) for (j = 0; j <= i; j++) y[i] += A[i][j] * x[j];\n"
                    "#pragma endscop\n}\n")
    out = subprocess.run([sys.executable, "-m", "polyopt", str(path), "--dump", "blas"],
                         capture_output=True, text=True, check=True).stdout
    assert "match S0: dgemv(y <- A, x, alpha=1, sizes 10 x 10)" in out
    assert "S1 at" in out and "triangle" in out


GEMM_AT = """#define N {n}
double A[N][N], B[N][N], C[N][N];
int main(void) {{
  int i, j, k;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) {{ A[i][j] = (i * j % 7) / 7.0; B[i][j] = (i + 2 * j) % 5 / 5.0; C[i][j] = 0; }}
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
  double s = 0;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) s += C[i][j] * (i + j % 3);
  printf("%.12g\\n", s);
  return 0;
}}
"""


def test_blas_is_judged_a_small_product_keeps_its_loops():
    """--blas (auto): a 4x4 product costs the call's entry more than its loops;
    a 400x400 one is predicted far faster as a call. 'always' replaces both."""
    small, large = (("#include <stdio.h>\n" + GEMM_AT.format(n=n)) for n in (4, 400))
    result = optimize_source(SourceFile("s.c", small), Options(blas=True, use_database=False))
    assert "cblas_" not in result.text
    assert any("no call is predicted to beat the loops" in w for w in result.warnings)
    forced = optimize_source(SourceFile("s.c", small),
                             Options(blas=True, blas_mode="always", use_database=False))
    assert "cblas_dgemm" in forced.text
    big = optimize_source(SourceFile("l.c", large), Options(blas=True, use_database=False))
    assert "cblas_dgemm" in big.text


@needs_gcc
def test_judged_blas_prints_the_same(tmp_path):
    """Whichever way the model decides, the program prints the original's result."""
    text = "#include <stdio.h>\n" + GEMM_AT.format(n=120)
    optimized = optimize_source(SourceFile("g.c", text), Options(blas=True, use_database=False)).text
    outputs = []
    for name, program in (("original", text), ("blas", optimized)):
        source = tmp_path / f"{name}.c"
        source.write_text(program)
        subprocess.run(["gcc", "-O2", "-fopenmp", str(source), "-o", str(tmp_path / name), "-lm",
                        *library_flags(None)], check=True, capture_output=True)
        outputs.append(subprocess.run([str(tmp_path / name)], capture_output=True, text=True,
                                      check=True).stdout)
    assert _close(outputs[0], outputs[1], 1e-12)


_MACRO_ZERO = """
#include <stdio.h>
#define ZERO(x) x
#define ONE(x) 1.0
#define N 40
static double A[N][N], B[N][N], C[N][N];
int main(void) {
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { A[i][j] = i - j; B[i][j] = i * j % 5; }
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = INIT(0.0);
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
#pragma endscop
  double s = 0;
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) s += C[i][j] * (i + 1);
  printf("%.6f\\n", s);
  return 0;
}
"""


@pytest.mark.parametrize("init, folded", [("ZERO", True), ("ONE", False)])
def test_a_zero_written_through_a_macro_becomes_the_product_s_beta(init, folded):
    """`C = ZERO(0.0)` (PolyBench's SCALAR_VAL) is a zero once the preprocessor expands
    it: the product's beta is 0 and no loop is left; a macro that expands to 1.0 is no
    zero, and its statement stays a loop before the call."""
    source = SourceFile("macro_zero.c", _MACRO_ZERO.replace("INIT", init))
    text = optimize_source(source, Options(blas=True, blas_mode="always")).text
    assert "cblas_dgemm" in text or "polyopt_cblas_dgemm" in text
    assert ("S0:" not in text.split("polyopt:")[1].split("*/")[0]) == folded, text
