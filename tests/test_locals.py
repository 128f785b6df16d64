"""Scalars declared in a block of a region (`double s = 0;` in a loop body, C99
style): the region is modelled, the initialiser is a statement, the generated
code declares each scalar once at its start, and where its values live within one
iteration of the outer loops it is private to each thread (polyopt.scheduler.privatize).
What cannot be declared once for the whole region (a declaration at the region's
top level, seen after it; a name declared with two types or named outside its
block; an array, a static) leaves the region unchanged with a located warning."""

from __future__ import annotations

import pytest

from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc

PROGRAM = r"""#include <stdio.h>
#define N 600
#define M 300
double A[N][M], B[M][N], C[N][N], x[N];

int main(void)
{
  int i, j, k;
  for (i = 0; i < N; i++) {
    x[i] = (double) (i % 4) / 4.0 - 0.3;
    for (j = 0; j < M; j++) {
      A[i][j] = (double) ((i * 7 + j * 3) % 11) / 11.0 - 0.4;
      B[j][i] = (double) ((i * 5 + j) % 13) / 13.0;
    }
  }
@BEGIN@
SCOP
@END@
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j += 7)
      printf("%.17g ", C[i][j]);
    printf("%.17g\n", x[i]);
  }
  return 0;
}
"""

MODELLED = {
    "sum": """for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      double s = 0.0;
      for (k = 0; k < M; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }""",
    # const, a declaration without initialiser, the same name in two blocks
    "blocks": """for (i = 0; i < N; i++) {
    const double t = x[i] * 2.0;
    double u;
    u = t + 1.0;
    for (j = 0; j < N; j++) {
      double s = A[i][j / 2] * u;
      C[i][j] = s * s + t;
    }
  }
  for (i = 0; i < N; i++) {
    double s = x[i];
    x[i] = s * 0.5;
  }""",
}

REFUSED = {
    "top-level": ("double s = 1.0;\n  for (i = 0; i < N; i++) x[i] = s * x[i];",
                  "declaration of 's' at the region's top level"),
    "array": ("for (i = 0; i < N; i++) {\n    double v[2];\n    v[0] = x[i];\n    x[i] = v[0];\n  }",
              "declaration of 'v' inside the region that is not a scalar"),
    "static": ("for (i = 0; i < N; i++) {\n    static double s = 1.0;\n    x[i] = s;\n  }",
               "'static' declaration of 's' inside the region"),
    "two-types": ("for (i = 0; i < N; i++) {\n    double s = x[i];\n    x[i] = s;\n  }\n"
                  "  for (i = 0; i < N; i++) {\n    float s = x[i];\n    x[i] = s;\n  }",
                  "'s' is declared in the region with two types"),
}


def _program(scop: str, pragmas: bool = True) -> str:
    return (PROGRAM.replace("@BEGIN@", "#pragma scop" if pragmas else "")
            .replace("@END@", "#pragma endscop" if pragmas else "").replace("SCOP", scop))


def _optimized(text: str, **options):
    return optimize_source(SourceFile("t.c", text), Options(use_database=False, **options))


@needs_gcc
@pytest.mark.parametrize("name", MODELLED)
@pytest.mark.parametrize("auto_scop", [False, True])
def test_declared_scalars_are_modelled(tmp_path, name, auto_scop):
    text = _program(MODELLED[name], pragmas=not auto_scop)
    # "blocks" is too little work for the default to change it: the original order
    scheduler = "identity" if name == "blocks" else "auto"
    # (the scalars kept scalars: their expansion into buffers is tested apart)
    result = _optimized(text, auto_scop=auto_scop, min_region_work=0, scheduler=scheduler,
                        expansion=False)
    assert not [w for w in result.warnings if "warning" in w], result.warnings
    assert "polyopt:" in result.text
    assert "    double s;\n" in result.text or "  double s;\n" in result.text, result.text
    if not auto_scop:    # (with the fill loops in its region, the cost model's choice differs)
        assert "private(s" in result.text, result.text
    original, expected_warnings = compile_and_run(text, tmp_path, "original")
    optimized, warnings = compile_and_run(result.text, tmp_path, "optimized")
    assert optimized == original
    assert warnings <= expected_warnings, warnings


@pytest.mark.parametrize("name", REFUSED)
def test_what_cannot_be_declared_once_leaves_the_region_unchanged(name):
    scop, reason = REFUSED[name]
    text = _program(scop)
    result = _optimized(text)
    assert result.text == text
    assert any(reason in warning and warning.startswith("t.c:") for warning in result.warnings), \
        result.warnings


def test_a_scalar_named_outside_its_block_leaves_the_region_unchanged():
    text = _program("for (i = 0; i < N; i++) {\n    double x0 = x[i];\n    x[i] = x0;\n  }\n"
                    "  for (i = 0; i < N; i++)\n    x[i] = x[i] + x0;").replace(
        "double A[N][M]", "double x0 = 1.0;\ndouble A[N][M]")
    result = _optimized(text)
    assert result.text == text
    assert any("'x0' is declared in a block of the region and also named outside that block"
               in warning for warning in result.warnings), result.warnings


@pytest.mark.parametrize("name", MODELLED)
def test_the_cuda_target_makes_declared_scalars_locals_of_each_thread(tmp_path, name):
    from tests.test_cuda import GXX, ORDERS, _emulate
    text = _program(MODELLED[name])
    result = _optimized(text, target="cuda")
    assert "private to each thread" in result.text and "__global__" in result.text
    assert not [w for w in result.warnings if "warning" in w], result.warnings
    if GXX is None:
        return
    original, _ = compile_and_run(text, tmp_path, "original")
    for run, order in zip(_emulate(result.text, tmp_path, name), ORDERS):
        assert run.stdout.decode() == original, order


def test_declared_scalars_whose_values_would_leave_a_thread_stay_on_the_host(monkeypatch):
    from polyopt.codegen.cuda import generate
    monkeypatch.setattr(generate, "private_kept", lambda mapping, private: "a reason")
    text = _program(MODELLED["sum"])
    result = _optimized(text, target="cuda")
    assert any("scalars declared in a region are offloaded to the GPU only as locals of "
               "each thread" in warning and warning.startswith("t.c:")
               for warning in result.warnings), result.warnings
    assert result.text == text


@needs_gcc
def test_a_declared_sum_that_blas_replaces_is_not_declared(tmp_path):
    from polyopt.blas import library_flags
    from tests.test_blas import _close
    text = _program(MODELLED["sum"])
    result = _optimized(text, blas=True, blas_mode="always")
    assert "polyopt_cblas_dgemm(101" in result.text
    assert "double s" not in result.text
    original, expected_warnings = compile_and_run(text, tmp_path, "original")
    replaced, warnings = compile_and_run(result.text, tmp_path, "blas", libraries=library_flags(None))
    assert _close(original, replaced, 1e-12)
    assert warnings <= expected_warnings, warnings
