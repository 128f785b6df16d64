"""Versioned tiled code (codegen.versioning): the tiled code is generated for the known
sizes and larger; smaller sizes run the code as written. Both branches must compute
what the original does, at every size."""

from __future__ import annotations

import pytest

from polyopt.codegen.versioning import least_values, original_lines, version_condition
from polyopt.frontend import extract_scops
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source

from conftest import compile_and_run, needs_gcc

PRODUCT = r"""
#include <stdio.h>
#ifndef NI
# define NI 150
#endif
#ifndef NJ
# define NJ 140
#endif
#ifndef NK
# define NK 130
#endif
static double A[NI][NK], B[NK][NJ], C[NI][NJ];

int main(void) {
  int i, j, k;
  for (i = 0; i < NI; i++)
    for (k = 0; k < NK; k++)
      A[i][k] = (double) ((i * k + 1) % 7) / 7;
  for (k = 0; k < NK; k++)
    for (j = 0; j < NJ; j++)
      B[k][j] = (double) ((k * j + 2) % 5) / 5;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      C[i][j] = 1.0;
#pragma scop
  for (i = 0; i < NI; i++) {
    for (j = 0; j < NJ; j++)
      C[i][j] *= 0.5;   /* beta */
    for (k = 0; k < NK; k++)
      for (j = 0; j < NJ; j++)
        C[i][j] += A[i][k] * B[k][j];
  }
#pragma endscop
  double sum = 0;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      sum += C[i][j] * (i + 2 * j + 1);
  printf("%.12e\n", sum);
  return 0;
}
"""


def optimized(text: str, **options) -> str:
    source = SourceFile("product.c", text)
    return optimize_source(source, Options(scheduler="isl", min_region_work=0, **options)).text


def test_tiled_code_is_versioned_on_the_known_sizes():
    text = optimized(PRODUCT)
    assert "if (NI >= 64 && NJ >= 64 && NK >= 64)" in text
    assert "else" in text and "C[i][j] *= 0.5;   /* beta */" in text   # the original, verbatim
    assert "tiled code where NI >= 64 && NJ >= 64 && NK >= 64, else the code as written" in text


def test_no_versioning_gives_tiled_code_for_every_size():
    text = optimized(PRODUCT, versioning=False)
    assert "NI >= 64 && NJ >= 64" not in text
    assert "/* beta */" not in text
    assert "code as written" not in text


@needs_gcc
@pytest.mark.parametrize("sizes", [(150, 140, 130), (64, 64, 64), (63, 200, 100), (5, 7, 3),
                                   (200, 65, 1), (0, 10, 10)])
def test_both_branches_compute_the_original_results(tmp_path, sizes):
    """Optimized for 150x140x130, built for other sizes: the tiled branch where every
    size is at least a tile, the code as written below, the same sums everywhere."""
    flags = ("-O2", "-fopenmp", *(f"-D{name}={value}" for name, value in zip(("NI", "NJ", "NK"), sizes)))
    expected, _ = compile_and_run(PRODUCT, tmp_path, "original", flags)
    for name, options in (("versioned", {}), ("unversioned", {"versioning": False})):
        result, _ = compile_and_run(optimized(PRODUCT, **options), tmp_path, name, flags)
        assert result == expected, (name, sizes)


def test_least_values_are_never_above_the_known_sizes():
    source = SourceFile("product.c", PRODUCT.replace("define NK 130", "define NK 20"))
    scop = extract_scops(source).scops[0]
    scop.known_values = {"NI": 150, "NK": 20}           # NJ unknown: left free
    assert least_values(scop, [[32, 64, 16]]) == {"NI": 64, "NK": 20}
    assert least_values(scop, []) == {}


def test_condition_uses_the_parameters_generated_names():
    assert version_condition({"n": 64, "m": 3}, {"n": "((long) n)"}) == "m >= 3 && ((long) n) >= 64"


def test_original_lines_are_relative_to_the_region_indent():
    text = "    for (i = 0; i < N; i++)\n\n      a[i] = 0;\n"
    assert original_lines(text, "    ") == ["for (i = 0; i < N; i++)", "", "  a[i] = 0;"]
    # --auto-scop: the region starts at its statement, the first line's indent is outside
    assert original_lines("for (;;)\n      x;", "    ") == ["for (;;)", "  x;"]
    # a continued line may hold a string literal: its lines are never re-indented
    assert original_lines('    puts("a\\\nb");\n', "    ") is None


@needs_gcc
def test_a_region_with_a_continued_line_is_not_versioned(tmp_path):
    program = PRODUCT.replace("C[i][j] *= 0.5;   /* beta */", "C[i][j] *= \\\n 0.5;")
    text = optimized(program)
    assert "NI >= 64 && NJ >= 64" not in text
    expected, _ = compile_and_run(program, tmp_path, "original")
    result, _ = compile_and_run(text, tmp_path, "optimized")
    assert result == expected
