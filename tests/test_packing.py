"""Packing (scheduler.packing, codegen.buffers): which arrays get a reordered copy, and
the default's code with the copies compiled and run against the original."""

from __future__ import annotations

import re

import islpy as isl
from tests.conftest import compile_and_run, needs_gcc

from polyopt.frontend import extract_scops
from polyopt.codegen.statements import statement_text
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source
from polyopt.scheduler.packing import packed_scop

# a rank-k update of a triangle: `A[j + 2][k + 1]` strides along the innermost loop `j`;
# sizes are the function's parameters, the cells read start at row 2 and column 1
RANK_K = """\
#include <stdio.h>
#include <stdlib.h>
static void update(int n, int m, double alpha, double (*C)[n], double (*A)[m + 1])
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i + 2][k + 1] * A[j + 2][k + 1];
#pragma endscop
}
int main(void)
{
  int n = 301, m = 283;
  double (*A)[m + 1] = malloc(sizeof(double[n + 2][m + 1]));
  double (*C)[n] = malloc(sizeof(double[n][n]));
  for (int i = 0; i < n + 2; i++)
    for (int k = 0; k <= m; k++)
      A[i][k] = ((i * 7 + k * 3) % 17) * 0.125 - 1.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = ((i + j) % 9) * 0.5;
  update(n, m, 1.5, C, A);
  double sum = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      sum += C[i][j] * ((i * 3 + j) % 7 + 1);
  printf("%.12e\\n", sum);
  free(A); free(C);
  return 0;
}
"""

# a product whose innermost loop runs along the rows of B and C: nothing strides
PRODUCT = """
double A[N][N], B[N][N], C[N][N];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
"""


def _scop(text: str):
    return extract_scops(SourceFile("t.c", text)).scops[0]


def test_the_strided_array_is_read_through_a_transposed_copy():
    packed = packed_scop(_scop(RANK_K))
    assert packed is not None
    (buffer,) = packed.buffers
    assert buffer.array == "A" and buffer.element_type == "double"
    copy, update = packed.statements
    # the copy: one statement over the cells read, rows 2..n+1, columns 1..m, into a
    # buffer of m rows of n
    assert copy.domain.is_equal(isl.Set(
        f"[n, m] -> {{ {copy.name}[x, y] : 2 <= x <= n + 1 and 1 <= y <= m }}"))
    assert [isl.PwAff(e).is_equal(isl.PwAff(f"[n, m] -> {{ [({v})] : n > 0 and m > 0 }}"))
            for e, v in zip(buffer.extents, "mn")] == [True, True], buffer.extents
    printed = statement_text(update.body, update.iterators, update.iterators)
    assert printed == f"C[i][j] += (alpha * {buffer.name}[k][i]) * {buffer.name}[k][j]", printed
    assert [a.array for a in update.accesses if not a.is_write] == ["C", buffer.name, buffer.name]


def test_nothing_is_packed_where_no_innermost_loop_strides():
    assert packed_scop(_scop(PRODUCT)) is None


def test_nothing_is_packed_that_the_scop_writes_or_names_otherwise():
    written = RANK_K.replace("C[i][j] += alpha", "A[j + 2][k + 1] = C[i][j] * alpha")
    assert packed_scop(_scop(written)) is None


@needs_gcc
def test_the_default_packs_a_rank_k_update_and_computes_what_the_original_does(tmp_path):
    expected, original_warnings = compile_and_run(RANK_K, tmp_path, "original")
    text = optimize_source(SourceFile("t.c", RANK_K), Options()).text
    assert "packed" in text, text
    name = re.search(r"\(\*(polyopt_packed_A\w*)\)\[", text).group(1)
    # allocated before the test, tested, freed after; the code as written beside it
    assert re.search(rf"if \({name} != 0", text), text
    assert f"__builtin_free({name});" in text
    assert "checked against the dependences" in text
    assert re.search(rf"{name}\[[^\]]*\]\[[^\]]*\] = A\[", text), text   # the copy
    output, warnings = compile_and_run(text, tmp_path, "optimized")
    assert output == expected and warnings <= original_warnings, warnings
    assert "polyopt_packed" not in optimize_source(SourceFile("t.c", RANK_K),
                                                   Options(packing=False)).text


@needs_gcc
def test_a_triangle_of_tiles_is_handed_out_a_tile_row_at_a_time(tmp_path):
    # the rank-k update's rows of tiles grow along the parallel loop (its sizes set apart
    # from their declarations, unknown to polyopt: made for large ones; at the sizes
    # main passes, the default keeps it serial)
    unknown = RANK_K.replace("int n = 301, m = 283;", "int n, m;\n  n = 301;\n  m = 283;")
    assert unknown != RANK_K
    text = optimize_source(SourceFile("t.c", unknown), Options()).text
    assert re.search(r"omp parallel for schedule\(static, 1\)[^\n]*\n\s*for \(int (c\d)[^\n]*"
                     r"\1 \+= \d+", text), text
    expected, _ = compile_and_run(RANK_K, tmp_path, "original")
    assert compile_and_run(text, tmp_path, "optimized")[0] == expected


def test_loops_opened_again_and_again_keep_their_rows_where_a_rectangle_shares_them():
    import cgen
    from polyopt.codegen.openmp import OpenMPPrinter

    def balanced(loops):
        printer = OpenMPPrinter.__new__(OpenMPPrinter)
        printer.tile_loops = [(cgen.Pragma("omp parallel for"), *loop) for loop in loops]
        printer.balance_triangles()
        return ["static" in pragma.value for pragma, *_ in printer.tile_loops]

    # (triangular, arrays written, inside a loop)
    assert balanced([(True, {"C"}, False), (False, {"C"}, False)]) == [True, False]
    assert balanced([(True, {"a"}, True), (False, {"a"}, True)]) == [False, False]
    assert balanced([(True, {"a"}, True), (False, {"b"}, True)]) == [True, False]
