"""The code inside the tiles: `omp simd` on proven innermost loops, scalar
replacement of accumulated elements."""

from __future__ import annotations


import islpy as isl

from polyopt.codegen.ast import PARALLEL, SIMD, build_ast
from polyopt.codegen.verify import check_ast
from polyopt.core.dependences import compute_dependences
from polyopt.frontend import extract_scops
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc


def _code(body: str, declarations: str = "double A[N][N], B[N][N], C[N][N];",
          **options) -> str:
    text = f"{declarations}\nvoid f(int N) {{\n#pragma scop\n{body}\n#pragma endscop\n}}\n"
    settings = {"scheduler": "identity", "tile": False, **options}
    return optimize_source(SourceFile("t.c", text), Options(**settings)).text


def _pragma_before(code: str, loop_iterator: str) -> str | None:
    lines = [line.strip() for line in code.splitlines()]
    for k, line in enumerate(lines):
        if line.startswith(f"for (int {loop_iterator} ="):
            return lines[k - 1] if lines[k - 1].startswith("#pragma") else None
    raise AssertionError(f"no loop {loop_iterator}:\n{code}")


def _is_parallel(pragma: str | None) -> bool:
    """An OpenMP parallel loop (with an if clause or not)."""
    return pragma is not None and pragma.startswith("#pragma omp parallel for")


def test_simd_on_a_dependence_free_innermost_loop():
    code = _code("for (int i = 0; i < N; i++)\n  for (int j = 0; j < N; j++)\n"
                 "    B[i][j] = 2 * A[i][j];")
    assert _is_parallel(_pragma_before(code, "c0"))
    assert _pragma_before(code, "c1") == "#pragma omp simd"


def test_no_simd_on_a_reduction():
    code = _code("for (int i = 0; i < N; i++)\n  for (int j = 0; j < N; j++)\n"
                 "    for (int k = 0; k < N; k++)\n"
                 "      C[i][j] += A[i][k] * B[k][j];", outer_simd=False)
    assert _pragma_before(code, "c2") is None
    assert "omp simd" not in code


def test_simd_around_a_reduction_behind_its_trip_test():
    """The loop around the reduction is SIMD (outer-loop vectorization) under the test
    that the reduction runs at all, which gcc needs out of the loop to vectorize it."""
    code = _code("for (int i = 0; i < N; i++)\n  for (int j = 0; j < N; j++)\n"
                 "    for (int k = 0; k < M; k++)\n"
                 "      C[i][j] += A[i][k] * B[k][j];",
                 "int M;\ndouble A[N][N], B[N][N], C[N][N];")
    lines = [line.strip() for line in code.splitlines()]
    assert _pragma_before(code, "c2") is None
    simd = lines.index("#pragma omp simd")
    assert lines[simd + 1].startswith("for (int c1 = 0;")
    assert lines[simd - 2] == "if (0 < M)"
    # the same loop, without the pragma, where the reduction does not run
    assert code.count("for (int c1 = 0;") == 2


def test_no_simd_on_a_carried_loop():
    code = _code("for (int i = 0; i < N; i++)\n  for (int j = 1; j < N; j++)\n"
                 "    A[i][j] = A[i][j - 1] + B[i][j];")
    assert _is_parallel(_pragma_before(code, "c0"))
    assert _pragma_before(code, "c1") is None


def test_no_simd_on_the_parallel_loop_itself():
    code = _code("for (int i = 0; i < N; i++)\n  A[i][0] = B[i][1];")
    assert _is_parallel(_pragma_before(code, "c0"))
    assert "omp simd" not in code


def test_no_simd_on_an_outer_loop():
    code = _code("for (int i = 1; i < N; i++)\n  for (int j = 0; j < N; j++)\n"
                 "    A[i][j] = A[i - 1][j] + 1;")
    # i carries the dependence, j (innermost) is parallel: no simd on the omp loop
    assert _pragma_before(code, "c0") is None
    assert _is_parallel(_pragma_before(code, "c1"))
    assert "omp simd" not in code


def test_no_simd_without_parallel_marks():
    code = _code("for (int i = 0; i < N; i++)\n  for (int j = 0; j < N; j++)\n"
                 "    B[i][j] = 2 * A[i][j];", parallel=False)
    assert "#pragma omp" not in code


def test_simd_in_tiled_code_is_checked():
    code = _code("for (int i = 0; i < N; i++)\n  for (int j = 0; j < N; j++)\n"
                 "    for (int k = 0; k < N; k++)\n"
                 "      C[i][j] += A[i][k] * B[k][j];", scheduler="isl", tile=True,
                 tile_sizes=[32])
    assert "checked against the dependences" in code
    assert "#pragma omp simd" in code


def test_the_check_rejects_a_simd_mark_on_a_carried_loop():
    text = ("double A[N][N];\nvoid f(int N) {\n#pragma scop\nfor (int i = 0; i < N; i++)\n"
            "  for (int j = 1; j < N; j++)\n    A[i][j] = A[i][j - 1] + 1;\n#pragma endscop\n}\n")
    scop = extract_scops(SourceFile("t.c", text)).scops[0]
    dependences = compute_dependences(scop).all
    # built as if nothing depended: the outer loop PARALLEL (right), the inner SIMD (wrong)
    empty = isl.UnionMap.empty(dependences.get_space())
    root = build_ast(scop.schedule, scop.context, empty).root
    assert root.get_annotation().get_name() == PARALLEL
    assert check_ast(root, scop.domain(), dependences, scop.context, PARALLEL).correct is True
    verdict = check_ast(root, scop.domain(), dependences, scop.context, (PARALLEL, SIMD))
    assert verdict.correct is False
    assert "carries a dependence" in verdict.reason


# -- scalar replacement -----------------------------------------------------------------

PROGRAM = """#include <stdio.h>
#define N 37
{declarations}
int main(void) {{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {{
      A[i][j] = (double)((i * 7 + j * 3) % 11) / 9.0 + (i == j ? N : 0);
      B[i][j] = (double)((i + 2 * j) % 5) / 7.0;
      C[i][j] = (double)(i - j) / 3.0;
    }}
#pragma scop
{body}
#pragma endscop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%a %a %a\\n", A[i][j], B[i][j], C[i][j]);
  return 0;
}}
"""

DECLARATIONS = "double A[N][N], B[N][N], C[N][N];"

GEMM = """for (int i = 0; i < N; i++)
  for (int j = 0; j < N; j++) {
    C[i][j] *= 0.5;
    for (int k = 0; k < N; k++)
      C[i][j] += 1.5 * A[i][k] * B[k][j];
  }"""

# the accumulated A[i][j] is read as A[i][k] when k == j: a possible alias
ALIASING = """for (int i = 0; i < N; i++)
  for (int j = 0; j < N; j++)
    for (int k = 0; k < N; k++)
      A[i][j] += A[i][k] * B[k][j];"""

# A[i][k], A[j][k] (k < j < i) are never A[i][j]: isl proves them disjoint
CHOLESKY = """for (int i = 0; i < N; i++) {
  for (int j = 0; j < i; j++) {
    for (int k = 0; k < j; k++)
      A[i][j] -= A[i][k] * A[j][k];
    A[i][j] /= A[j][j];
  }
  for (int k = 0; k < i; k++)
    A[i][i] -= A[i][k] * A[i][k];
}"""

TWO_STATEMENTS = """for (int i = 0; i < N; i++)
  for (int k = 0; k < N; k++) {
    C[i][0] += A[i][k];
    B[i][0] += C[k][1];
  }"""


def _program(body: str, declarations: str = DECLARATIONS) -> str:
    return PROGRAM.format(declarations=declarations, body=body)


def _optimized(text: str, **options) -> str:
    settings = {"scheduler": "identity", "tile": False, **options}
    return optimize_source(SourceFile("t.c", text), Options(**settings)).text


def _same_output(text: str, optimized: str, tmp_path) -> None:
    expected, original_warnings = compile_and_run(text, tmp_path, "original")
    output, warnings = compile_and_run(optimized, tmp_path, "optimized")
    assert output == expected
    assert warnings <= original_warnings, warnings


@needs_gcc
def test_scalar_replacement_of_a_product_is_bit_identical(tmp_path):
    text = _program(GEMM)
    code = _optimized(text)
    assert "double polyopt_accumulator = C[c0][c1];" in code, code
    assert "polyopt_accumulator += (1.5 * A[c0][c2]) * B[c2][c1];" in code
    assert "C[c0][c1] = polyopt_accumulator;" in code
    _same_output(text, code, tmp_path)


@needs_gcc
def test_scalar_replacement_in_tiled_code_is_bit_identical(tmp_path):
    text = _program(GEMM)
    code = _optimized(text, scheduler="isl", tile=True, tile_sizes=[8])
    _same_output(text, code, tmp_path)


@needs_gcc
def test_no_scalar_replacement_where_the_cell_may_alias(tmp_path):
    text = _program(ALIASING)
    code = _optimized(text)
    assert "polyopt_accumulator" not in code
    _same_output(text, code, tmp_path)


@needs_gcc
def test_scalar_replacement_where_isl_proves_no_alias(tmp_path):
    text = _program(CHOLESKY)
    code = _optimized(text)
    # both reductions, each guarded by its loop running at least once
    assert code.count("double polyopt_accumulator = ") == 2, code
    assert "if (0 < c1)" in code and "if (0 < c0)" in code
    _same_output(text, code, tmp_path)


@needs_gcc
def test_scalar_replacement_with_two_statements(tmp_path):
    """Two statements in the loop: C[i][0] is accumulated, and the other statement's
    C[k][1] is never that cell (column 1, not 0): C[i][0] goes to a local."""
    text = _program(TWO_STATEMENTS)
    code = _optimized(text)
    assert "double polyopt_accumulator = C[c0][0];" in code, code
    _same_output(text, code, tmp_path)


# both ends of a pair updated: C[i][0] is accumulated over j > i, C[j][0] is never it
PAIRS = """for (int i = 0; i < N; i++)
  for (int j = i + 1; j < N; j++) {
    C[i][0] += A[i][j] * B[j][i];
    C[j][0] += A[i][j] * B[j][i];
  }"""

# ... but with j >= i the other end is the accumulated cell at j == i: no replacement
PAIRS_MEETING = PAIRS.replace("j = i + 1", "j = i")


@needs_gcc
def test_scalar_replacement_of_one_end_of_a_pair(tmp_path):
    """Two writes of one array, one at a cell the loop keeps (C[i][0]), the other at
    cells isl proves are never it (C[j][0], j > i): the first goes to a local."""
    text = _program(PAIRS)
    code = _optimized(text)
    assert "double polyopt_accumulator = C[c0][0];" in code, code
    assert "C[c1][0] += " in code
    _same_output(text, code, tmp_path)
    text = _program(PAIRS_MEETING)
    code = _optimized(text)
    assert "polyopt_accumulator" not in code, code
    _same_output(text, code, tmp_path)


def test_no_scalar_replacement_of_a_cell_that_moves():
    code = _code("for (int i = 0; i < N; i++)\n  for (int j = 1; j < N; j++)\n"
                 "    A[i][j] = A[i][j - 1] + B[i][j];")
    assert "polyopt_accumulator" not in code


def test_no_scalar_replacement_of_a_volatile_array():
    code = _code("for (int i = 0; i < N; i++)\n  for (int k = 0; k < N; k++)\n"
                 "    C[i][0] += A[i][k];",
                 declarations="volatile double C[N][N]; double A[N][N];")
    assert "polyopt_accumulator" not in code
    code = _code("for (int i = 0; i < N; i++)\n  for (int k = 0; k < N; k++)\n"
                 "    C[i][0] += A[i][k];", declarations="double C[N][N], A[N][N];")
    assert "polyopt_accumulator" in code


def test_no_scalar_replacement_without_a_declaration():
    code = _code("for (int i = 0; i < N; i++)\n  for (int k = 0; k < N; k++)\n"
                 "    C[i][0] += A[i][k];", declarations="")
    assert "polyopt_accumulator" not in code
