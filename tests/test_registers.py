"""Register tiles: the model's factors (scheduler.registers) and the unrolled copies'
code (codegen.registers), compiled and run against the original."""

from __future__ import annotations

import re

from tests.conftest import compile_and_run, needs_gcc

from polyopt.frontend import extract_scops
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source, schedule_scop
from polyopt.scheduler.tiling import TilingReport, tile_schedule
from polyopt.core.machine.caches import CacheSizes

CACHES = CacheSizes(l1=32 * 1024, l2=1024 * 1024)

# a product with an update fused in (the first k), pointers whose overlap only a run-time
# test rules out, sizes that leave partial tiles
PRODUCT = """\
#include <stdio.h>
#include <stdlib.h>
#define NI 203
#define NJ 261
#define NK 157
static void product(double alpha, double beta, double (*C)[NJ], double (*A)[NK],
                    double (*B)[NJ])
{
#pragma scop
  for (int i = 0; i < NI; i++) {
    for (int j = 0; j < NJ; j++)
      C[i][j] *= beta;
    for (int k = 0; k < NK; k++)
      for (int j = 0; j < NJ; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
#pragma endscop
}
int main(void)
{
  double (*A)[NK] = malloc(sizeof(double[NI][NK]));
  double (*B)[NJ] = malloc(sizeof(double[NK][NJ]));
  double (*C)[NJ] = malloc(sizeof(double[NI][NJ]));
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = ((i * 7 + k * 3) % 17) * 0.125 - 1.0;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = ((k * 5 + j * 11) % 13) * 0.25 - 1.5;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = ((i + j) % 9) * 0.5;
  product(1.5, 0.75, C, A, B);
  double sum = 0;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      sum += C[i][j] * ((i * 3 + j) % 7 + 1);
  printf("%.12e\\n", sum);
  free(A); free(B); free(C);
  return 0;
}
"""

# a triangular factor: the tiles on its diagonal are partial register tiles
TRIANGLE = """\
#include <stdio.h>
#define M 230
#define N 190
double A[M][M], B[M][N], C[M][N];
int main(void)
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = ((i * 3 + j) % 11) * 0.1;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      B[i][j] = ((i + j * 5) % 7) * 0.2 - 0.5;
#pragma scop
  for (int i = 0; i < M; i++)
    for (int k = 0; k <= i; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
  double sum = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      sum += C[i][j] * ((i + 2 * j) % 5 + 1);
  printf("%.12e\\n", sum);
  return 0;
}
"""

# a 5-point stencil: neighbouring copies share rows
STENCIL = """\
#include <stdio.h>
#define N 700
double in[N][N], out[N][N];
int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      in[i][j] = ((i * 13 + j * 7) % 23) * 0.5;
#pragma scop
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      out[i][j] = 0.2 * (in[i][j] + in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]);
#pragma endscop
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += out[i][j] * ((i + j) % 3 + 1);
  printf("%.12e\\n", sum);
  return 0;
}
"""

# each element of C a dot product along the innermost loop (k: stride 1 in A and B)
DOTS = """
double A[N][N], B[N][N], C[N][N];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[j][k];
#pragma endscop
}
"""


def _factors(text: str, known: dict[str, int]) -> list:
    scop = extract_scops(SourceFile("t.c", text)).scops[0]
    scop.known_values = dict(known)
    untiled = schedule_scop(scop, Options(scheduler="isl", tile=False)).schedule
    report = TilingReport()
    tile_schedule(untiled, None, report, scop=scop, caches=CACHES, registers=True)
    return report.registers


def test_a_product_gets_a_register_tile_and_its_innermost_loop_none():
    source = PRODUCT.replace("static void product", "void product")
    (factors,) = [f for f in _factors(source, {}) if f is not None]
    assert factors[-1] == 1                  # the stride-1 loop stays the vector loop
    assert all(f in (1, 2, 4, 8) for f in factors)
    assert factors[0] * factors[1] >= 8      # rows of C and steps of k share loads


def test_dot_products_along_the_innermost_loop_get_independent_sums():
    (factors,) = _factors(DOTS, {"N": 1000})
    assert factors is not None and factors[-1] == 1      # k, the sums' loop, not unrolled
    assert factors[0] * factors[1] >= 4       # rows of A and B shared by the copies


def test_a_reduction_without_reuse_gets_none():
    # each sum over a row of its own: the copies would share nothing
    rows = DOTS.replace("A[i][k] * B[j][k]", "E[i][j][k]").replace(
        "double A[N][N]", "double E[N][N][N], A[N][N]")
    assert _factors(rows, {"N": 1000}) == [None]


def test_the_register_model_needs_reuse():
    # out[i][j] = in[i][j]: nothing a copy could share
    copy = DOTS.replace("C[i][j] += A[i][k] * B[j][k];", "C[i][j] = A[i][j];") \
        .replace("      for (int k = 0; k < N; k++)\n", "")
    assert _factors(copy, {"N": 1000}) == [None]


def _optimized(text: str, registers: bool = True) -> str:
    return optimize_source(SourceFile("t.c", text),
                           Options(scheduler="isl", register_tiles=registers)).text


@needs_gcc
def test_the_product_unrolled_computes_what_the_original_does(tmp_path):
    expected, _ = compile_and_run(PRODUCT, tmp_path, "original")
    text = _optimized(PRODUCT)
    assert re.search(r"\bpolyopt_r\d+ = C\[", text), text          # C's rows in locals
    assert re.search(r"const double polyopt_r\d+ = A\[", text), text   # A's before the loop
    # partial tiles keep their point loops: no copies as loops inside the vector loop
    assert "#pragma GCC unroll" not in text
    assert "checked against the dependences" in text
    assert compile_and_run(text, tmp_path, "optimized")[0] == expected
    assert compile_and_run(text, tmp_path, "optimized3", flags=("-O3", "-fopenmp"))[0] == expected
    assert "polyopt_r" not in _optimized(PRODUCT, registers=False)


@needs_gcc
def test_partial_register_tiles_of_a_triangle_compute_what_the_original_does(tmp_path):
    expected, _ = compile_and_run(TRIANGLE, tmp_path, "original")
    text = _optimized(TRIANGLE)
    assert "polyopt_r" in text, text
    assert compile_and_run(text, tmp_path, "optimized")[0] == expected


@needs_gcc
def test_a_stencils_copies_share_rows_and_compute_what_the_original_does(tmp_path):
    expected, _ = compile_and_run(STENCIL, tmp_path, "original")
    text = _optimized(STENCIL)
    assert re.search(r"polyopt_r\d+ = in\[", text), text
    # `out` is only assigned: its locals are declared, not loaded, and stored at the end
    assert not re.search(r"polyopt_r\d+ = out\[", text), text
    assert re.search(r"double polyopt_r\d+;", text) and re.search(r"out\[.*\] = polyopt_r", text)
    # each element of `in` is loaded once per iteration, whichever copy reads it first
    for loop in text.split("#pragma omp simd")[1:]:
        loads = re.findall(r"polyopt_r\d+ = in\[([^\]]*)\]\[([^\]]*)\]", loop.split("}\n")[0])
        assert len(loads) == len(set(loads)), loop
    assert compile_and_run(text, tmp_path, "optimized")[0] == expected


LU = """
double A[N][N];
void f(void) {
#pragma scop
  for (int k = 0; k < N; k++)
    for (int i = k + 1; i < N; i++)
      for (int j = k + 1; j < N; j++)
        A[i][j] -= A[i][k] * A[k][j];
#pragma endscop
}
"""


def test_an_array_written_in_two_shapes_gets_no_register_tile():
    # A[i][j] and A[k][j] are one element where i == k: copies could not keep it in a local
    assert all(f is None for f in _factors(LU, {"N": 1000}))


# a product with its initialization and a final statement fused into the tiles: two
# conditions on the outer loops (the first k, the last k) in the register tile's body
FUSED = """\
#include <stdio.h>
#define N 331
static float A[N][N], L[N][N], D[N][N], K[N];
int main(void)
{
  for (int i = 0; i < N; i++) {
    K[i] = 1.0f + (i % 7) * 0.25f;
    for (int j = 0; j < N; j++)
      A[i][j] = ((i * 7 + j * 3) % 17) * 0.0625f - 0.5f;
  }
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      L[i][j] = A[i][j];
  for (int i = 0; i < N; i++)
    for (int u = 0; u < N; u++)
      for (int j = 0; j < N; j++)
        L[i][j] += A[i][u] * A[u][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      D[i][j] = 1.0f - L[i][j] / (K[i] + 2.0f - A[i][j]);
#pragma endscop
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += D[i][j] * ((i * 3 + j) % 7 + 1);
  printf("%.6e\\n", sum);
  return 0;
}
"""


def _loop_bodies(text: str) -> list[str]:
    """The text of each `#pragma omp simd` loop of `text`, to its closing brace."""
    bodies = []
    for part in text.split("#pragma omp simd")[1:]:
        depth, end = 0, None
        for index, char in enumerate(part):
            depth += char == "{"
            depth -= char == "}"
            if char == "}" and depth == 0:
                end = index
                break
        bodies.append(part[:end])
    return bodies


@needs_gcc
def test_a_register_tile_with_two_fused_conditions_is_printed_per_outcome(tmp_path):
    expected, _ = compile_and_run(FUSED, tmp_path, "original")
    text = _optimized(FUSED)
    tiled = [body for body in _loop_bodies(text) if "polyopt_r" in body]
    assert tiled, text
    # the full tiles' vector loops test neither condition (gcc vectorized none of them
    # with the tests inside); the partial tiles' copies as loops still may
    assert sum("if (" not in body for body in tiled) >= 4, text
    assert re.search(r"if \(c\d+ == 0 && c\d+ == 0\)\s*\{\s*if \(", text), text
    assert compile_and_run(text, tmp_path, "optimized")[0] == expected
    assert compile_and_run(text, tmp_path, "optimized3", flags=("-O3", "-fopenmp"))[0] == expected


# dot products of rows of two matrices (A times B transposed), the sums in an array:
# each copy's sum in a local for the whole `k` loop, in order (and a block-local sum,
# which keeps the loop innermost around its use: no register tile there yet)
DOT_PROGRAM = """\
#include <stdio.h>
#define NI 190
#define NJ 237
#define NK 301
static double A[NI][NK], B[NJ][NK], C[NI][NJ], D[NI][NJ];
int main(void)
{
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = ((i * 7 + k * 3) % 17) * 0.125 - 1.0;
  for (int j = 0; j < NJ; j++)
    for (int k = 0; k < NK; k++)
      B[j][k] = ((j * 5 + k * 11) % 13) * 0.25 - 1.5;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      D[i][j] = (i + j) % 5 * 0.5;
#pragma scop
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        D[i][j] += A[i][k] * B[j][k];
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      double s = 0.0;
      for (int k = 0; k < NK; k++)
        s += A[i][k] * A[i][k] * B[j][k];
      C[i][j] = s;
    }
#pragma endscop
  double sum = 0;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      sum += (C[i][j] + 3.0 * D[i][j]) * ((i * 3 + j) % 7 + 1);
  printf("%.15e\\n", sum);
  return 0;
}
"""


@needs_gcc
def test_dot_products_keep_their_copies_sums_in_locals_for_the_whole_loop(tmp_path):
    expected, _ = compile_and_run(DOT_PROGRAM, tmp_path, "original")
    text = _optimized(DOT_PROGRAM)
    # a copy's sum loaded before the k loop, stored after it: no load or store of D
    # inside the loop
    loaded = re.findall(r"double (polyopt_r\d+) = D\[", text)
    assert len(loaded) >= 4, text
    # between a tile's last load of D and its first store: the k loop, without D
    for block in re.split(r"double polyopt_r\d+ = D\[[^\n]*\n", text)[1:]:
        loop = re.split(r"\n\s*D\[[^\n]*\] = polyopt_r\d+;", block)[0]
        if loop.strip():           # (else the next load follows)
            assert "for (" in loop and "D[" not in loop, loop
    assert compile_and_run(text, tmp_path, "optimized")[0] == expected       # bit-identical
    assert compile_and_run(text, tmp_path, "optimized3", flags=("-O3", "-fopenmp"))[0] == expected


def test_the_cost_model_counts_the_register_tiles_and_the_learned_one_is_told():
    # the default's tiled candidates of a product get register tiles: their estimate
    # counts what the tile saves, the estimate without it is what the learned model's
    # features describe, and the learned speed-up is scaled by the difference
    from dataclasses import replace

    from polyopt.core.dependences import compute_dependences
    from polyopt.scheduler.auto import judge_candidates, model_speedups, performance_model
    from polyopt.scheduler.learned import candidate_features

    scop = extract_scops(SourceFile("t.c", PRODUCT)).scops[0]
    judged = judge_candidates(scop, compute_dependences(scop))
    with_tiles = [j for j in judged if j.bare is not None]
    assert with_tiles and all(j.tiled for j in with_tiles)
    for each in with_tiles:
        assert each.estimate.seconds < each.bare.seconds
        assert candidate_features(each)["predicted"] == each.bare.seconds
        if each.serial:
            assert each.bare.regions == 0
    assert all(j.bare is None for j in judged if not j.tiled)
    model = performance_model(None)
    if model is not None:
        learned, _ = model_speedups(judged, model)
        unscaled, _ = model_speedups([replace(j, estimate=j.bare or j.estimate, bare=None)
                                      for j in judged], model)
        for k, each in enumerate(judged):
            gain = (each.bare.work_seconds / each.estimate.work_seconds
                    if each.bare is not None else 1.0)
            assert abs(learned[k] - unscaled[k] * gain) <= 1e-9 * learned[k]
