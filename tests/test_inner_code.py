"""The code inside the tiles: `omp simd` on proven innermost loops, scalar
replacement of accumulated elements."""

from __future__ import annotations

import re

import islpy as isl

from polyopt.codegen.ast import PARALLEL, SIMD, build_ast
from polyopt.codegen.verify import check_ast
from polyopt.dependences import compute_dependences
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


def test_simd_on_a_dependence_free_innermost_loop():
    code = _code("for (int i = 0; i < N; i++)\n  for (int j = 0; j < N; j++)\n"
                 "    B[i][j] = 2 * A[i][j];")
    assert _pragma_before(code, "c0") == "#pragma omp parallel for"
    assert _pragma_before(code, "c1") == "#pragma omp simd"


def test_no_simd_on_a_reduction():
    code = _code("for (int i = 0; i < N; i++)\n  for (int j = 0; j < N; j++)\n"
                 "    for (int k = 0; k < N; k++)\n"
                 "      C[i][j] += A[i][k] * B[k][j];")
    assert _pragma_before(code, "c2") is None
    assert "omp simd" not in code


def test_no_simd_on_a_carried_loop():
    code = _code("for (int i = 0; i < N; i++)\n  for (int j = 1; j < N; j++)\n"
                 "    A[i][j] = A[i][j - 1] + B[i][j];")
    assert _pragma_before(code, "c0") == "#pragma omp parallel for"
    assert _pragma_before(code, "c1") is None


def test_no_simd_on_the_parallel_loop_itself():
    code = _code("for (int i = 0; i < N; i++)\n  A[i][0] = B[i][1];")
    assert _pragma_before(code, "c0") == "#pragma omp parallel for"
    assert "omp simd" not in code


def test_no_simd_on_an_outer_loop():
    code = _code("for (int i = 1; i < N; i++)\n  for (int j = 0; j < N; j++)\n"
                 "    A[i][j] = A[i - 1][j] + 1;")
    # i carries the dependence, j (innermost) is parallel: no simd on the omp loop
    assert _pragma_before(code, "c0") is None
    assert _pragma_before(code, "c1") == "#pragma omp parallel for"
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
