"""Arrays kept in one block of memory and indexed by hand (`y[i * m + j]`, C code's
usual matrix through a pointer): the subscript is a polynomial in the size
parameters, and where its coefficients are provably within their sizes the array
is modelled as the multi-dimensional one it is (frontend.delinearize). Checked:
products, an in-place stencil, a three-dimensional array and a dependence carried
through rows are scheduled (isl's scheduler and the default), print what the
original prints and build with -Wall; near misses (a coefficient that can reach
the row size, two shapes for one array, a product of two iterators) leave the
region unchanged with the reason at the subscript; the CUDA target leaves such a
region unchanged."""

from __future__ import annotations

import pytest

from polyopt.core.dependences import compute_dependences
from polyopt.frontend import extract_scops
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, optimize_source
from tests.conftest import compile_and_run, needs_gcc

PROGRAM = r"""#include <stdio.h>
#include <stdlib.h>

static void kernel(int n, int m, int l, double *restrict a, double *restrict b,
                   double *restrict c, double *restrict d)
{
#pragma scop
SCOP
#pragma endscop
}

int main(void)
{
  int n = 37, m = 45, l = 11;
  double *a = malloc(sizeof(double) * n * m * l), *b = malloc(sizeof(double) * n * m * l);
  double *c = malloc(sizeof(double) * n * m * l), *d = malloc(sizeof(double) * n * m * l);
  for (int k = 0; k < n * m * l; k++) {
    a[k] = (double) ((k * 7) % 11) / 11.0 - 0.4;
    b[k] = (double) ((k * 5) % 13) / 13.0;
    c[k] = (double) (k % 9) / 9.0;
    d[k] = 0.0;
  }
  kernel(n, m, l, a, b, c, d);
  for (int k = 0; k < n * m * l; k += 7)
    printf("%.17g %.17g %.17g\n", a[k], c[k], d[k]);
  free(a); free(b); free(c); free(d);
  return 0;
}
"""

MODELLED = {
    # d = a b, n x m times m x n, all through pointers; the sum in d's cell
    "product": """for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      d[i * n + j] = 0.0;
      for (int k = 0; k < m; k++)
        d[i * n + j] += a[i * m + k] * b[k * n + j];
    }""",
    # in place, each point from its updated upper and left neighbours (Gauss-Seidel)
    "stencil": """for (int t = 0; t < 4; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        c[i * m + j] = (c[(i - 1) * m + j] + c[i * m + j - 1] + c[i * m + j]
                        + c[(i + 1) * m + j] + c[i * m + (j + 1)]) / 5.0;""",
    # three dimensions, two spellings of the same shape, and a row read as a vector
    "three": """for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < l; k++) {
        d[(i * m + j) * l + k] = 0.0;
        for (int p = 0; p < l; p++)
          d[(i * m + j) * l + k] += a[i * m * l + j * l + p] * b[p * l + k];
      }""",
    # widening casts (size_t, long) in and around the products
    "casts": """for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[(size_t) i * m + j] = a[(long) j * n + i] + c[(size_t) (i * m + j)];""",
    # a dependence carried along the rows: row i from row i - 1, columns in parallel
    "rows": """for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      c[i * m + j] = c[(i - 1) * m + j] * 0.5 + a[j] * c[i * m + j];""",
    # rows of m - 1 and l + 1 elements (a sum of parameters is a size: backprop's
    # weights of n2 + 1 per input), read through an index scalar; (n - 1) * m is row
    # n - 1 of m elements, not a product of two sizes
    "sum sizes": """for (int i = 0; i < n; i++)
    for (int j = 0; j < m - 1; j++) {
      int at = i * (m - 1) + j;
      d[at] = a[j * (l + 1) + i % 7] + b[at] * 0.5 + c[(n - 1) * m + j];
    }""",
}

UNCHANGED = {
    # j reaches m: c[i * m + m] is the next row's first element
    "reaches the row size": ("""for (int i = 0; i < n; i++)
    for (int j = 0; j <= m; j++)
      c[i * m + j] = c[i * m + j] + 1.0;""", "not within its dimension (0 <= ... < its size) for any size"),
    # rows of m and of n elements in one array
    "two shapes": ("""for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[i * m + j] = c[j * n + i] + 1.0;""", "do not make one row-major shape"),
    # a narrowing cast: C's value of the product can differ from the model's
    "narrowing cast": ("""for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[(short) (i * m + j)] = 1.0;""", "product of two non-constant expressions"),
    "two iterators": ("""for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[i * j] = c[i * j] + 1.0;""", "product of two non-constant expressions"),
}


def _program(scop: str) -> str:
    return PROGRAM.replace("SCOP", scop)


@pytest.mark.parametrize("name", MODELLED)
def test_flattened_arrays_are_modelled_with_their_dimensions(name):
    scops = extract_scops(SourceFile("t.c", _program(MODELLED[name])))
    assert not scops.diagnostics, scops.diagnostics
    scop, = scops.scops
    linear = {n: (a.rank, a.linear_sizes) for n, a in scop.arrays.items() if a.linear_sizes}
    expected = {"product": {"a": (2, ["m"]), "b": (2, ["n"]), "d": (2, ["n"])},
                "stencil": {"c": (2, ["m"])},
                "three": {"a": (3, ["m", "l"]), "b": (2, ["l"]), "d": (3, ["m", "l"])},
                "casts": {"a": (2, ["n"]), "c": (2, ["m"])},
                "rows": {"c": (2, ["m"])},
                "sum sizes": {"a": (2, ["(l + 1)"]), "b": (2, ["(m - 1)"]),
                              "c": (2, ["m"]), "d": (2, ["(m - 1)"])}}[name]
    # a[j] in "rows" stays one-dimensional: every subscript of a is affine
    assert linear == expected


@needs_gcc
@pytest.mark.parametrize("scheduler", ["isl", "auto"])
@pytest.mark.parametrize("name", MODELLED)
def test_flattened_arrays_are_scheduled_and_print_the_same(tmp_path, name, scheduler):
    text = _program(MODELLED[name])
    result = optimize_source(SourceFile("t.c", text),
                             Options(scheduler=scheduler, use_database=False))
    if scheduler == "isl":      # the default may keep the code as written, with a note
        assert not result.warnings, result.warnings
        assert "/* polyopt: isl" in result.text
    original, _ = compile_and_run(text, tmp_path, "original")
    optimized, warnings = compile_and_run(result.text, tmp_path, "optimized")
    assert optimized == original
    assert not {w for w in warnings if "pragma" not in w}, warnings


@pytest.mark.parametrize("name", UNCHANGED)
def test_near_misses_leave_the_region_unchanged_with_the_reason(name):
    scop, reason = UNCHANGED[name]
    text = _program(scop)
    result = optimize_source(SourceFile("t.c", text), Options(use_database=False))
    assert result.text == text
    warning, = result.warnings
    assert reason in warning and warning.startswith("t.c:"), warning


def test_the_cuda_target_leaves_flattened_arrays_unchanged():
    text = _program(MODELLED["product"])
    result = optimize_source(SourceFile("t.c", text), Options(target="cuda", use_database=False))
    assert "not offloaded to the GPU" in " ".join(result.warnings), result.warnings
    assert "__global__" not in result.text


LEADING = r"""#include <stdio.h>
#include <stdlib.h>

static void gemm(int m, int n, int k, const double *a, int lda, const double *b, int ldb,
                 double *c, int ldc)
{
#pragma scop
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int p = 0; p < k; p++)
        s += a[i * lda + p] * b[p * ldb + j];
      c[i * ldc + j] += s;
    }
#pragma endscop
}

int main(int argc, char **argv)
{
  int m = 70, n = 50, k = 40;
  /* rows of lda elements: k of them used; with argv[1] = "short", lda < k (the rows
     overlap: the model's rows do not hold, the code as written must run) */
  int lda = argc > 1 ? k - 3 : k + 5, ldb = n + 2, ldc = n;
  double *a = malloc(sizeof(double) * m * (k + 5)), *b = malloc(sizeof(double) * k * ldb);
  double *c = calloc((size_t) m * ldc, sizeof(double));
  for (int x = 0; x < m * (k + 5); x++)
    a[x] = (double) ((x * 7) % 11) / 11.0 - 0.4;
  for (int x = 0; x < k * ldb; x++)
    b[x] = (double) ((x * 5) % 13) / 13.0;
  gemm(m, n, k, a, lda, b, ldb, c, ldc);
  for (int x = 0; x < m * ldc; x += 3)
    printf("%.17g\n", c[x]);
  return 0;
}
"""


def test_leading_dimensions_are_assumed_and_tested_at_run_time(tmp_path):
    """`a[i * lda + p]` with p < k is row i only where k <= lda: the model holds under
    that assumption, the generated code tests it and runs the loops as written
    otherwise (here: rows that overlap), both printing the original's results."""
    import subprocess
    from tests.conftest import GCC
    scop, = extract_scops(SourceFile("t.c", LEADING)).scops
    assert {n: a.linear_sizes for n, a in scop.arrays.items()} == {
        "a": ["lda"], "b": ["ldb"], "c": ["ldc"], "s": None}
    from polyopt.dump import _scop_text           # --dump scop says both
    dumped = _scop_text(scop)
    assert "a[2] (one-dimensional, rows of lda)" in dumped
    assert "assumed (tested before the generated code runs)" in dumped and "lda >= k" in dumped
    result = optimize_source(SourceFile("t.c", LEADING), Options(scheduler="isl",
                                                                 use_database=False))
    # then the test that a, b and c do not overlap (codegen.versioning), a line each
    assert "if (ldc >= n && ldb >= n && lda >= k\n" in result.text, result.text
    assert "a, b and c do not overlap in memory" in result.text
    outputs = {}
    for name, text in (("original", LEADING), ("optimized", result.text)):
        (tmp_path / f"{name}.c").write_text(text)
        subprocess.run([GCC, "-O2", "-fopenmp", str(tmp_path / f"{name}.c"), "-o",
                        str(tmp_path / name)], check=True)
        outputs[name] = [subprocess.run([str(tmp_path / name), *extra], capture_output=True,
                                        text=True, check=True).stdout
                         for extra in ([], ["short"])]
    assert outputs["optimized"] == outputs["original"]
    assert outputs["original"][0] != outputs["original"][1]


RANDOM = r"""#include <stdio.h>
#include <stdlib.h>
#define IX(i, j) ((i) * m + (j))
#define F(i, j) f[(i) * m + (j)]
#define G(i, j) g[IX(i, j)]

static void kernel(int n, int m, double *restrict f, double *restrict g)
{
#pragma scop
BODY
#pragma endscop
}

int main(int argc, char **argv)
{
  int n = atoi(argv[1]), m = atoi(argv[2]);
  /* room for a row and an element either side of the n x m block */
  double *F = malloc(sizeof(double) * (size_t) (n + 2) * m + 2 * sizeof(double));
  double *G = malloc(sizeof(double) * (size_t) (n + 2) * m + 2 * sizeof(double));
  for (int x = 0; x < (n + 2) * m + 2; x++) {
    F[x] = (double) ((x * 7) % 11) / 8.0;
    G[x] = (double) ((x * 3) % 5) / 4.0;
  }
  kernel(n, m, F + m + 1, G + m + 1);
  for (int x = 0; x < (n + 2) * m + 2; x++)
    printf("%.17g %.17g\n", F[x], G[x]);
  return 0;
}
"""


def _random_body(rng) -> str:
    """Two or three statements over f and g, rows of m elements, with neighbours
    one row or element away, in loops that start and stop at the edges or one
    inside; a neighbour stays within its row where the loops leave room for it,
    but one in ten may not (such a region stays as written). Each access is written
    by hand, through an index macro or through an access macro."""
    statements = []
    for s in range(rng.randint(2, 3)):
        target = rng.choice("fg")
        other = "g" if target == "f" else "f"
        low_i, low_j = rng.randint(0, 1), rng.randint(0, 1)
        high_i, high_j = rng.randint(0, 1), rng.randint(0, 1)
        i, j = f"i{s}", f"j{s}"

        def cell(array):
            di = rng.randint(-low_i, 1)
            dj = rng.randint(-1, 1) if rng.random() < 0.1 else rng.randint(-low_j, high_j)
            spelling = rng.random()         # by hand, an index macro, an access macro
            if spelling < 0.6:
                return f"{array}[({i} + {di}) * m + {j} + {dj}]"
            if spelling < 0.8:
                return f"{array}[IX({i} + {di}, {j} + {dj})]"
            return f"{array.upper()}({i} + {di}, {j} + {dj})"
        loops = (f"  for (int {i} = {low_i}; {i} < n - {high_i}; {i}++)\n"
                 f"    for (int {j} = {low_j}; {j} < m - {high_j}; {j}++)\n")
        written = rng.choice([f"{target}[{i} * m + {j}]", f"{target.upper()}({i}, {j})"])
        statements.append(loops + f"      {written} = 0.5 * {cell(target)} + "
                                  f"0.25 * {cell(other)} + 0.125 * {cell(target)};")
    if rng.random() < 0.5:             # a time loop around all of them
        inner = "\n".join("  " + line for s in statements for line in s.split("\n"))
        return f"  for (int t = 0; t < 3; t++) {{\n{inner}\n  }}"
    return "\n".join(statements)


@needs_gcc
@pytest.mark.parametrize("seed", [seed if seed < 8 else pytest.param(seed, marks=pytest.mark.slow)
                                  for seed in range(24)])     # 16 more in the slow tier
def test_random_flattened_nests_print_the_same(tmp_path, seed):
    import random
    import subprocess
    from tests.conftest import GCC
    rng = random.Random(seed)
    text = RANDOM.replace("BODY", _random_body(rng))
    options = Options(scheduler=rng.choice(["isl", "isl", "identity", "auto"]),
                      use_database=False, tile_sizes=rng.choice([None, [4, 8]]),
                      min_region_work=rng.choice([None, 0]))      # 0: every parallel loop
    result = optimize_source(SourceFile("t.c", text), options)
    modelled = "/* polyopt: " in result.text
    assert modelled or result.warnings, result.text
    outputs = []
    for name, program in (("original", text), ("optimized", result.text)):
        (tmp_path / f"{name}.c").write_text(program)
        subprocess.run([GCC, "-O1", "-fopenmp", str(tmp_path / f"{name}.c"), "-o",
                        str(tmp_path / name)], check=True)
        outputs.append([subprocess.run([str(tmp_path / name), str(n), str(m)],
                                       capture_output=True, text=True, check=True).stdout
                        for n, m in ((9, 13), (13, 9), (3, 2), (40, 37))])
    assert outputs[0] == outputs[1], result.text


MACROS = r"""#include <stdio.h>
#include <stdlib.h>
#define IDX(i, j) ((i) * n + (j))
#define AT(p, i, j) p[IDX(i, j)]
#define B(i, j) b[(i) * n + (j)]
#define BELOW(i, j) B((i) + 1, j)
#define HERE(i, j) AT(a, i, j)
#define GATHER(i, j) b[(int) a[IDX(i, j)] % n]
#define INNER(i) ((i) > 0 && (i) < n - 1)
#define LAST(n) ((n) - 1)
#define ROW (i * n)
#define FIRST a
#define SECOND a

static void kernel(int n, double *restrict a, double *restrict b, double t)
{
#pragma scop
SCOP
#pragma endscop
}

int main(void)
{
  int n = 45;
  double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n);
  for (int k = 0; k < n * n; k++) {
    a[k] = (double) ((k * 7) % 11) / 11.0;
    b[k] = (double) ((k * 5) % 13) / 13.0;
  }
  kernel(n, a, b, 0.5);
  for (int k = 0; k < n * n; k += 5)
    printf("%.17g %.17g\n", a[k], b[k]);
  return 0;
}
"""

MACRO_CASES = {
    # index macros in subscripts, bounds and a condition: expanded for the model
    "index": ("""for (int i = 1; i < LAST(n); i++)
    for (int j = 0; j < n; j++)
      if (INNER(j))
        a[IDX(i, j)] = t * (b[IDX(i - 1, j)] + b[IDX(i + 1, j)] + a[IDX(i, j - 1)]);""", None),
    # accesses through macros: one array element each, expanded for the model
    "access": ("""for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      AT(a, i, j) = B(i - 1, j) * 2.0 + AT(a, i - 1, j);""", None),
    # macros that expand to other macros' calls, written through and incremented
    "nested": ("""for (int i = 0; i < n - 1; i++)
    for (int j = 0; j < n; j++) {
      HERE(i, j) += BELOW(i, j) * t;
      HERE(i, j)++;
    }""", None),
    # a macro that hides an indirect access, one that names the loop's iterator
    "indirect": ("""for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[IDX(i, j)] = GATHER(i, j) * 2.0;""", "macro 'GATHER' hides an array access"),
    # two names for one array: the model would see two arrays
    "two names": ("""for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      FIRST[IDX(i, j)] = SECOND[IDX(i - 1, j)] * 2.0;""",
                  "macros 'FIRST' and 'SECOND' both name 'a'"),
    "iterator": ("""for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[ROW + j] = b[ROW + j] * 2.0;""", "macro 'ROW' names 'i', which the region also uses"),
}


@needs_gcc
@pytest.mark.parametrize("name", MACRO_CASES)
def test_index_macros_are_expanded_for_the_model(tmp_path, name):
    scop, reason = MACRO_CASES[name]
    text = MACROS.replace("SCOP", scop)
    result = optimize_source(SourceFile("t.c", text), Options(scheduler="isl",
                                                              use_database=False))
    if reason is not None:
        assert result.text == text
        assert any(reason in w for w in result.warnings), result.warnings
        return
    assert not result.warnings, result.warnings
    assert "/* polyopt: isl" in result.text
    if name == "index":                                                 # the calls are kept
        assert "a[IDX(" in result.text and "INNER(" in result.text
    original, _ = compile_and_run(text, tmp_path, "original")
    optimized, _ = compile_and_run(result.text, tmp_path, "optimized")
    assert optimized == original


FACTOR = r"""#include <stdio.h>
#ifndef F
#define F 4
#endif
#define N 400
#define WO ((N - 1) * F)

static float in[N][N], tmp[N][WO];

static void widen(void)
{
  int i, c, d;
#pragma scop
  for (i = 0; i < N; i++)
    for (c = 1; c < N; c++)
      for (d = 0; d < F; d++)
        tmp[i][(c - 1) * F + d] = (d + 1) * in[i][c - 1] + (F - d) * in[i][c];
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      in[i][j] = (float) ((i * 7 + j * 3) % 11);
  widen();
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < WO; j++)
      sum += tmp[i][j] * (1 + (i + j) % 5);
  printf("%.9g\n", sum);
  return 0;
}
"""


@needs_gcc
def test_a_size_macro_that_multiplies_a_variable_is_taken_at_its_value(tmp_path):
    """`tmp[i][(c - 1) * F + d]` with the macro F: modelled with F's value (4), the
    generated code tests F == 4 and runs the loops as written for any other -DF; both
    builds print the original's results."""
    import subprocess
    from tests.conftest import GCC
    scop, = extract_scops(SourceFile("t.c", FACTOR)).scops
    assert scop.fixed_sizes == {"F": 4} and "F = 4" in scop.assumption
    # where F is 4 each instance writes a cell of its own: no dependence (with F free,
    # the cells of c and c + 1 would overlap for F > 4)
    assert compute_dependences(scop).all.is_empty()
    result = optimize_source(SourceFile("t.c", FACTOR), Options(scheduler="isl",
                                                                use_database=False))
    assert "F == 4" in result.text and "#pragma omp parallel" in result.text, result.text
    for size in (4, 3):
        outputs = []
        for name, text in (("original", FACTOR), ("optimized", result.text)):
            (tmp_path / f"{name}.c").write_text(text)
            subprocess.run([GCC, "-O2", "-fopenmp", f"-DF={size}", str(tmp_path / f"{name}.c"),
                            "-o", str(tmp_path / name)], check=True)
            outputs.append(subprocess.run([str(tmp_path / name)], capture_output=True,
                                          text=True, check=True).stdout)
        assert outputs[0] == outputs[1], size
    # the same product with a function's parameter (no macro) stays out of the model
    with_parameter = (FACTOR.replace("static void widen(void)", "static void widen(int f)")
                      .replace("(c - 1) * F + d", "(c - 1) * f + d").replace("d < F", "d < f"))
    assert not extract_scops(SourceFile("t.c", with_parameter)).scops


def test_a_size_macro_stride_of_a_flat_array_is_still_rows():
    """`y[i * N + j]` with the macro N: rows of N for every N (delinearized), not N
    taken at its value, which would tie the code to it."""
    text = FLAT_MACRO
    scop, = extract_scops(SourceFile("t.c", text)).scops
    assert scop.fixed_sizes == {} and scop.assumption is None
    assert {n: a.linear_sizes for n, a in scop.arrays.items()} == {"y": ["N"], "x": ["N"]}


FLAT_MACRO = r"""#define N 300
static double y[N * N], x[N * N];
static void k(void)
{
  int i, j;
#pragma scop
  for (i = 1; i < N; i++)
    for (j = 0; j < N; j++)
      y[i * N + j] = y[(i - 1) * N + j] + x[i * N + j];
#pragma endscop
}
"""


STRIDED_PICKS = r"""#include <stdio.h>
#define N 64
#define S 8
#define K 6
static double P[N][N], h[N], x[N], g[N];
static void picks(void)
{
  int k, i, j;
#pragma scop
  for (k = 0; k < K; k++) {
    for (j = 0; j < N; j++)
      h[j] = P[k * S][j];
    for (i = 0; i < N; i++)
      g[i] = h[i] / (h[k * S] + 2.0) + x[k * S];
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        P[i][j] -= 0.01 * g[i] * h[j];
  }
#pragma endscop
}
int main(void)
{
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 + i % 5;
    for (int j = 0; j < N; j++)
      P[i][j] = (i == j ? 3.0 : 0.0) + 1.0 / (1.0 + (i - j) * (i - j));
  }
  picks();
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += P[i][j] * (1 + (i + j) % 7);
  printf("%.9g\n", sum);
  return 0;
}
"""


def test_rows_the_files_sizes_contradict_are_not_taken():
    """`h[k * S]` beside `h[j]` (j < N): rows of S would hold only where N <= S, false
    at the file's sizes (N = 64, S = 8); the macro S is taken at its value instead, the
    array stays one-dimensional and the model holds at the file's sizes."""
    scop, = extract_scops(SourceFile("t.c", STRIDED_PICKS)).scops
    assert scop.fixed_sizes == {"S": 8}
    assert scop.assumption.endswith("{  : S = 8 }"), scop.assumption
    assert scop.arrays["h"].rank == 1 and not scop.arrays["h"].linear_sizes
    assert not scop.decision_context.is_empty()


def test_the_context_names_parameters_in_the_rows_order():
    """The context of a SCoP with an assumption lists its parameters in the order of
    `Scop.parameters` (the layout of the sampler's rows), and every sampled schedule
    is legal (with the assumption's order the sampler's Farkas sets swapped the
    parameters' coefficients and drew illegal schedules)."""
    import random
    import islpy as isl
    from polyopt.scheduler.random_scheduler import draw_schedule
    from polyopt.scheduler.sampler import ScheduleSpace
    scop, = extract_scops(SourceFile("t.c", STRIDED_PICKS)).scops
    space = scop.context.get_space()
    assert [space.get_dim_name(isl.dim_type.param, k)
            for k in range(len(scop.parameters))] == scop.parameters
    schedules = ScheduleSpace(scop, compute_dependences(scop))
    rng = random.Random(3)
    for _ in range(15):
        draw_schedule(schedules, rng)       # raises on an illegal sample


@needs_gcc
def test_rows_the_sizes_contradict_print_the_same(tmp_path):
    result = optimize_source(SourceFile("t.c", STRIDED_PICKS), Options(use_database=False))
    assert "#pragma omp" in result.text, result.text
    assert compile_and_run(STRIDED_PICKS, tmp_path, "original")[0] == \
        compile_and_run(result.text, tmp_path, "optimized")[0]


def test_a_number_in_a_macro_names_nothing():
    """`#define EPS 1e-6f` beside a block-local `e` (and a `f`): the 'e' and 'f' of the
    number are no names, so the region is modelled."""
    text = r"""#define EPS 1e-6f
static float x[64], y[64];
static void k(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < 64; i++) {
    float e = 0.0f;
    for (j = 0; j < 64; j++)
      e += x[j] * x[i];
    y[i] = x[i] / (e + EPS);
  }
#pragma endscop
}
"""
    result = extract_scops(SourceFile("t.c", text))
    assert len(result.scops) == 1, [d.message for d in result.diagnostics]
