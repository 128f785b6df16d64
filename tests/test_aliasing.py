"""Arrays through pointers that may overlap: the optimized code runs only where the
cells the region accesses through one pointer are not another's (a run-time test,
as Polly's), the code as written elsewhere (codegen.versioning.disjoint_test).

Checked: a call on overlapping pointers prints what the original prints (before,
the optimized code ran and printed something else), a call on distinct arrays
takes the optimized branch; the test itself evaluated in C at the exact boundary
(one cell of overlap, adjacent ranges) for plain pointers, array parameters and
delinearized ones; which pairs are tested (restrict, array objects, read-only
pairs and pointers to rows are not); --blas calls and the CUDA host code are
tested too; a region whose text cannot be kept beside the code is left unchanged
with the reason."""

from __future__ import annotations

import re

import pytest

from polyopt.cli import main
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.codegen.versioning import disjoint_test, overlapping_pairs
from polyopt.frontend import extract_scops
from polyopt.frontend.source import SourceFile
from tests.conftest import compile_and_run, needs_gcc

SMOOTH = r"""#include <stdio.h>
#include <stdlib.h>

void smooth(int n, double *a, double *b)
{
#pragma scop
  for (int t = 0; t < 4; t++)
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
#pragma endscop
}

int main(void)
{
  int n = 1000;
  double *x = (double *) malloc((2 * n + 8) * sizeof(double));
  for (int i = 0; i < 2 * n + 8; i++)
    x[i] = (i * 37) % 11;
  smooth(n, x, x + OFFSET);
  double s = 0;
  for (int i = 0; i < 2 * n + 8; i++)
    s += x[i] * (i % 7);
  printf("%.6f\n", s);
  free(x);
  return 0;
}
"""


def _polyopt(tmp_path, monkeypatch, capsys, text: str, *options: str) -> tuple[str, str]:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prog.c").write_text(text)
    status = main(["prog.c", "--no-db", *options])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out, captured.err


@needs_gcc
@pytest.mark.parametrize("offset", ["1", "2", "n"])
def test_overlapping_pointers_run_the_code_as_written(tmp_path, monkeypatch, capsys, offset):
    """b = a + 1 or a + 2: b's cells are a's, and the loops as written read what they
    wrote; b = a + n: b[1] is a[n + 1], past every cell a is read at."""
    program = SMOOTH.replace("OFFSET", offset)
    optimized, _ = _polyopt(tmp_path, monkeypatch, capsys, program, "--scheduler", "isl")
    assert "a and b do not overlap in memory" in optimized
    assert "(const char *) (&b[n - 2] + 1) <= (const char *) &a[0]" in optimized
    flags = ("-O2", "-fopenmp")
    expected, _ = compile_and_run(program, tmp_path, "original", flags)
    actual, _ = compile_and_run(optimized, tmp_path, "optimized", flags)
    assert actual == expected


TEST_PROGRAM = r"""#include <stdio.h>
#include <stdlib.h>
int disjoint(PARAMETERS)
{
  return CONDITION;
}
int main(void)
{
  static double memory[10000];
CALLS
  return 0;
}
"""


def _evaluated(tmp_path, kernel: str, parameters: str, calls: list[str]) -> list[int]:
    """The disjointness test of the kernel's SCoP evaluated in C for each call."""
    source = SourceFile("k.c", kernel)
    scop = extract_scops(source).scops[0]
    pairs = overlapping_pairs(scop)
    assert pairs
    condition = " && ".join(f"({t})" for t in disjoint_test(scop, pairs, ExpressionPrinter()).conditions)
    program = (TEST_PROGRAM.replace("PARAMETERS", parameters).replace("CONDITION", condition)
               .replace("CALLS", "\n".join(f'  printf("%d\\n", disjoint({c}));' for c in calls)))
    output, _ = compile_and_run(program, tmp_path, "test", ("-O0", "-Wall", "-Werror"))
    return [int(word) for word in output.split()]


@needs_gcc
def test_the_test_at_its_boundaries_one_dimension(tmp_path):
    """a is read at 1 .. n - 1, b written at 2 .. n - 1 (n = 10): b = a + k shares a
    cell for -8 <= k <= 7, and none beyond."""
    kernel = """void f(int n, double *a, double *b)
{
#pragma scop
  for (int i = 2; i < n; i++)
    b[i] = a[i - 1] + a[i];
#pragma endscop
}
"""
    parameters = "int n, double *a, double *b"
    m = "memory + 5000"
    # a's cells: a[1] .. a[n - 1]; b's: b[2] .. b[n - 1]; n = 10
    calls = [f"10, {m}, {m} + 8",      # b[2] = a[10]: just past a[9]
             f"10, {m}, {m} + 7",      # b[2] = a[9]: one cell
             f"10, {m}, {m} - 7",      # b[9] = a[2]... overlaps
             f"10, {m}, {m} - 9",      # b[9] = a[0]: before a[1], disjoint
             f"10, {m}, {m} - 8",      # b[9] = a[1]: one cell
             f"10, {m}, {m}",          # the same array
             f"1, {m}, {m}"]           # no cell accessed: either answer is right
    assert _evaluated(tmp_path, kernel, parameters, calls)[:6] == [1, 0, 0, 1, 0, 0]


@needs_gcc
def test_the_test_for_array_parameters_and_flattened_rows(tmp_path):
    """Two-dimensional parameters (`double A[n][m]`) and a hand-indexed matrix
    (`y[i * m + j]`, modelled as rows of m): the last cell is row n - 1's."""
    kernel = """void f(int n, int m, double A[n][m], double *y)
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i * m + j] = A[i][j] * 2.0;
#pragma endscop
}
"""
    parameters = "int n, int m, double A[n][m], double *y"
    m = "(void *) (memory + 5000)"
    calls = [f"4, 5, {m}, memory + 5000 + 20",      # y right after A's 20 cells
             f"4, 5, {m}, memory + 5000 + 19",      # one cell of A's
             f"4, 5, {m}, memory + 5000 - 20",      # y's 20 cells right before A
             f"4, 5, {m}, memory + 5000 - 19"]      # one cell of A's
    assert _evaluated(tmp_path, kernel, parameters, calls) == [1, 0, 1, 0]


DECLARED = """typedef double **mat;
typedef double *vec;
double G[100], H[100];
extern double E[];
void f(int n, double *p, double *restrict r, double **rows, const double *q,
       double A[100], mat m, double *t, unseen u)
{
  double local[100];
  double *s = r + 1;
  vec v = r + 2;
  t = r + 3;
#pragma scop
  for (int i = 0; i < n; i++) {
    BODY
  }
#pragma endscop
}
"""


@pytest.mark.parametrize("body, pairs", [
    ("G[i] = H[i] + local[i];", []),                    # array objects: distinct storage
    ("p[i] = q[i];", [("p", "q")]),                     # pointers, one written
    ("G[i] = p[i] + q[i];", [("G", "p"), ("G", "q")]),  # p, q only read: not a pair
    ("r[i] = p[i]; p[i] = q[i];", [("p", "q")]),        # restrict: the program promises
    ("G[i] = A[i];", [("G", "A")]),                     # an array parameter is a pointer
    ("rows[i][0] = p[i];", [("rows", "p")]),            # rows: scanned row by row
    ("local[i] = p[i];", [("local", "p")]),
    ("s[i] = r[i];", [("r", "s")]),                     # s may be based on restrict r
    ("m[i][0] = p[i];", [("m", "p")]),                  # the file's typedef: rows
    ("u[i][0] = p[i];", []),                            # unseen type of two dimensions:
                                                        # maybe rows, `&m[i][j]` reads one
    ("v[i] = r[i];", [("r", "v")]),                     # an unknown type: may be based on r
    ("t[i] = r[i];", [("r", "t")]),                     # a parameter set from r
    ("E[i] = G[i];", []),                               # an incomplete array is an object
])
def test_which_pairs_are_tested(body, pairs):
    scop = extract_scops(SourceFile("k.c", DECLARED.replace("BODY", body))).scops[0]
    assert {frozenset(p) for p in overlapping_pairs(scop)} == {frozenset(p) for p in pairs}


def test_restrict_pointers_and_objects_get_no_test(tmp_path, monkeypatch, capsys):
    program = SMOOTH.replace("double *a, double *b", "double *restrict a, double *restrict b")
    optimized, _ = _polyopt(tmp_path, monkeypatch, capsys, program.replace("OFFSET", "n"),
                            "--scheduler", "isl")
    assert "overlap" not in optimized and "const char" not in optimized


def test_a_region_that_cannot_be_kept_is_left_unchanged(tmp_path, monkeypatch, capsys):
    """A line continued with a backslash: no else branch can hold the text."""
    program = SMOOTH.replace("OFFSET", "1").replace("b[i] = (a[i - 1] + a[i]",
                                                     "b[i] = (a[i - 1] + \\\n a[i]")
    optimized, err = _polyopt(tmp_path, monkeypatch, capsys, program, "--scheduler", "isl")
    assert optimized == program
    assert re.search(r"prog\.c:\d+:\d+: warning: the optimized code is right only where a "
                     r"and b do not overlap in memory, .*backslash", err)


@needs_gcc
def test_blas_calls_are_tested(tmp_path, monkeypatch, capsys):
    """C = A B on array parameters: the call runs only where C is neither operand;
    with C overlapping A, the loops as written run (the call printed 1358.1 where the
    loops print 2031.8, before the test)."""
    pytest.importorskip("scipy_openblas32")
    from polyopt.blas import library_flags
    program = r"""#include <stdio.h>
#include <stdlib.h>
#define N 70
void product(double C[N][N], double A[N][N], double B[N][N])
{
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = 0.0;
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
#pragma endscop
}
int main(void)
{
  double *x = malloc(2 * N * N * sizeof(double)), *y = malloc(N * N * sizeof(double));
  for (int k = 0; k < 2 * N * N; k++) x[k] = (k % 13) / 13.0;
  for (int k = 0; k < N * N; k++) y[k] = (k % 7) / 700.0;
  product((double (*)[N]) (x + N * N), (double (*)[N]) x, (double (*)[N]) y);  /* apart */
  product((double (*)[N]) (x + 5), (double (*)[N]) x, (double (*)[N]) y);  /* C overlaps A */
  double s = 0;
  for (int k = 0; k < 2 * N * N; k++) s += x[k] * (k % 5);
  printf("%.10g\n", s);
  return 0;
}
"""
    optimized, _ = _polyopt(tmp_path, monkeypatch, capsys, program, "--blas")
    assert "cblas_dgemm" in optimized
    assert "A, B and C do not overlap in memory" in optimized
    expected, _ = compile_and_run(program, tmp_path, "original")
    actual, _ = compile_and_run(optimized, tmp_path, "blas", libraries=library_flags(None))
    assert abs(float(actual) - float(expected)) <= 1e-9 * abs(float(expected))


@needs_gcc
def test_cuda_host_code_is_tested(tmp_path):
    """Arrays copied apart to the device are right only where the host memory the
    copies move is apart (more than the cells accessed: whole arrays): b = a + 1 runs
    the loops as written (in the CPU emulation of the launches)."""
    from polyopt.frontend.source import SourceFile as Source
    from polyopt.pipeline import optimize_source
    from tests.test_cuda import CUDA, _emulate
    program = SMOOTH.replace("OFFSET", "1")
    text = optimize_source(Source("prog.c", program), CUDA).text
    # the copies move whole arrays (b[0] .. b[n - 2], a[0] .. a[n - 1]): those are tested
    assert "<<<" in text and ("(const char *) b + sizeof(double) * (((n - 1) > 0 ? (n - 1) : 0)) "
                              "<= (const char *) a" in text)
    expected, _ = compile_and_run(program, tmp_path, "original", ("-O2",))
    for run in _emulate(text, tmp_path, "prog"):
        assert run.stdout.decode() == expected


def test_copies_of_whole_arrays_are_tested_even_for_restrict():
    """restrict promises about the cells accessed; the CUDA copies move whole arrays."""
    text = DECLARED.replace("BODY", "r[i] = p[i]; p[i] = 1;")
    scop = extract_scops(SourceFile("k.c", text)).scops[0]
    assert ("p", "r") not in overlapping_pairs(scop) and ("r", "p") not in overlapping_pairs(scop)
    assert {frozenset(p) for p in overlapping_pairs(scop, promises=False)} >= {frozenset("pr")}


ROWS_PROGRAM = r"""#include <stdio.h>
#include <stdlib.h>

static double **matrix(int n, int m, int step)
{
  double **rows = malloc(n * sizeof *rows);
  double *block = calloc((size_t) n * m + 64, sizeof *block);
  for (int i = 0; i < n; i++)
    rows[i] = block + (size_t) i * step;
  return rows;
}

void smooth(int n, int m, double **a, double **b)
{
#pragma scop
  for (int t = 0; t < 4; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        b[i][j] = (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) * 0.25
                  + b[i - 1][j + 1] * 0.1;
#pragma endscop
}

int main(void)
{
  int n = 120, m = 100;
  double **x = matrix(n, m, m), **y = matrix(n, m, STEP);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      x[i][j] = (i * 13 + j * 7) % 17;
  smooth(n, m, x, TARGET);
  (void) y;
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += TARGET[i][j] * (i + 2 * j);
  printf("%.12g %s\n", s, BRANCH);
  return 0;
}
"""


@needs_gcc
@pytest.mark.parametrize("step, target, optimized_branch", [
    ("m", "y", True),           # rows of their own
    ("m - 1", "y", True),       # rows share a cell that is never accessed (column 0)
    ("m - 2", "y", False),      # b[i][m - 1], read, is b[i + 1][1], written
    ("-m", "y", False),         # rows in descending order: not proven apart
    ("m", "x", False),          # smooth(n, m, x, x): a's rows are b's
])
def test_pointers_to_rows_are_tested_row_by_row(tmp_path, monkeypatch, capsys, step, target,
                                                optimized_branch):
    """`double **` matrices: the rows the region accesses are scanned before it runs,
    for the bytes each array spans and, for one written, each row starting past
    those before (before, smooth(n, m, x, x) printed another sum after polyopt)."""
    program = ROWS_PROGRAM.replace("STEP", step).replace("TARGET", target)
    if step == "-m":
        program = program.replace("block + (size_t) i * step", "block + (size_t) (n - 1 - i) * m")
    original = program.replace("BRANCH", '""')
    optimized, _ = _polyopt(tmp_path, monkeypatch, capsys, original, "--scheduler", "isl",
                            "--no-tile")     # (the test is the same for tiled code)
    assert "a and b do not overlap in memory and the rows of b do not overlap" in optimized
    # the branch taken, said by the program (the else branch is the code as written)
    head, else_, tail = optimized.rpartition("\n    else\n")
    marked = head + "\n    else if ((branch = \"original\"), 1)\n" + tail
    marked = marked.replace('printf("%.12g %s\\n", s, "")', 'printf("%.12g %s\\n", s, branch)')
    marked = marked.replace("void smooth(", 'static const char *branch = "optimized";\nvoid smooth(')
    flags = ("-O2", "-fopenmp", "-Wall", "-Werror", "-Wno-unknown-pragmas")
    expected, _ = compile_and_run(original, tmp_path, "original", flags)
    actual, _ = compile_and_run(marked, tmp_path, "optimized", flags)
    assert actual.split()[0] == expected.split()[0]
    assert actual.split()[1] == ("optimized" if optimized_branch else "original")


@needs_gcc
def test_rows_of_rows_are_scanned(tmp_path, monkeypatch, capsys):
    """`double ***` (rows selected by two subscripts), triangular bounds: the scan
    visits the rows the region accesses, and the tensors' rows sharing cells run
    the code as written."""
    program = r"""#include <stdio.h>
#include <stdlib.h>
static double ***tensor(int n, int step)
{
  double ***t = malloc(n * sizeof *t);
  double **rows = malloc(n * n * sizeof *rows);
  double *cells = calloc((size_t) n * n * n + 64, sizeof *cells);
  for (int i = 0; i < n; i++) {
    t[i] = rows + i * n;
    for (int j = 0; j < n; j++)
      t[i][j] = cells + (size_t) (i * n + j) * step;
  }
  return t;
}
void sweep(int n, double ***a)
{
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 0; j <= i; j++)
      for (int k = 1; k < n; k++)
        a[i][j][k] = a[i - 1][j][k - 1] * 0.5 + a[i][j][k - 1] * 0.25 + 1.0;
#pragma endscop
}
int main(void)
{
  int n = 40;
  double ***a = tensor(n, STEP);
  sweep(n, a);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        s += a[i][j][k] * ((i + j + k) % 7);
  printf("%.12g\n", s);
  return 0;
}
"""
    for step in ("n", "n - 3"):
        text = program.replace("STEP", step)
        optimized, _ = _polyopt(tmp_path, monkeypatch, capsys, text, "--scheduler", "isl",
                                "--no-tile")
        assert "the rows of a do not overlap" in optimized
        flags = ("-O2", "-fopenmp", "-Wall", "-Werror", "-Wno-unknown-pragmas")
        expected, _ = compile_and_run(text, tmp_path, "original", flags)
        actual, _ = compile_and_run(optimized, tmp_path, "optimized", flags)
        assert actual == expected
