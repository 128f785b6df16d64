"""No wrong program without a warning (issue 19, class 1).

Each test builds a small C program that prints its results, runs polyopt on it,
and builds and runs polyopt's output with gcc: the output must print the same,
or the region must be left byte for byte with a located warning.
"""

from __future__ import annotations

import re

import pytest

from polyopt.cli import main
from tests.conftest import compile_and_run, needs_gcc

pytestmark = needs_gcc


def _polyopt(capsys, tmp_path, monkeypatch, text: str, *options: str) -> tuple[str, str]:
    """polyopt on `text` saved as prog.c (in tmp_path): (output text, stderr)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prog.c").write_bytes(text.encode())
    status = main(["prog.c", *options])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "Traceback" not in captured.err
    return captured.out, captured.err


def _same_output(tmp_path, original: str, optimized: str, flags=()) -> str:
    flags = ("-O2", "-fopenmp", *flags)
    expected, _ = compile_and_run(original, tmp_path, "original", flags)
    actual, _ = compile_and_run(optimized, tmp_path, "optimized", flags)
    assert actual == expected, optimized
    return expected


def _directives(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.lstrip().startswith("#")
            and not line.lstrip().startswith(("#pragma omp parallel for", "#ifndef polyopt_",
                                              "#define polyopt_", "#endif"))]


# -- 1. preprocessor lines between and inside loop nests (--auto-scop) -----------------

DIRECTIVES = """#include <stdio.h>
#define N 16
double A[N], B[N][N];
#define FILL(x) \\
  for (i = 0; i < N; i++) x[i] = -1;
int main(void) {
  int i, j;
  for (i = 0; i < N; i++)
    A[i] = i;
#ifdef TWICE
  for (i = 0; i < N; i++)
    A[i] = A[i] * 2;
#else
  for (i = 0; i < N; i++)
    A[i] = A[i] + 1;
#endif
#define M 4
  for (i = 0; i < M; i++)
    B[i][0] = A[i] + M;
  for (i = 0; i < N; i++)
#pragma GCC ivdep
    for (j = 1; j < N; j++)
      B[i][j] = B[i][j - 1] + A[j];
  for (i = 0; i < N; i++) {
#pragma omp simd
    for (j = 0; j < N; j++)
      B[j][i] += A[i];
  }
  for (i = 0; i < N; i++)
    printf("%g %g %g\\n", A[i], B[i][0], B[i][N - 1]);
  return 0;
}
"""


@pytest.mark.parametrize("flags", [(), ("-DTWICE",)], ids=["else", "ifdef"])
def test_auto_scop_never_merges_across_a_directive_and_keeps_every_one(
        capsys, tmp_path, monkeypatch, flags):
    out, _ = _polyopt(capsys, tmp_path, monkeypatch, DIRECTIVES, "--auto-scop")
    assert "polyopt:" in out                    # something was optimized
    original_directives = _directives(DIRECTIVES)
    kept = _directives(out)
    assert [line for line in kept if line in original_directives] == original_directives, out
    _same_output(tmp_path, DIRECTIVES, out, flags)


# -- 2. generated names and the names a macro expands to --------------------------------

CAPTURE = """#include <stdio.h>
#include "offsets.h"
#define N 8
#define OFF (c0 + 1)
int c0 = 1;
int A[N + 10], B[N + 10];
int main(void) {
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    A[i + OFF] = i;
  for (i = 0; i < N; i++)
    B[i + SHIFT] = i;
#pragma endscop
  for (i = 0; i < N + 10; i++)
    printf("%d %d\\n", A[i], B[i]);
  return 0;
}
"""


def test_generated_iterators_do_not_capture_names_of_macros(capsys, tmp_path, monkeypatch):
    (tmp_path / "offsets.h").write_text("extern int t0;\n#define SHIFT (t0 + 2)\n")
    (tmp_path / "offsets.c").write_text("int t0 = 2;\n")
    out, _ = _polyopt(capsys, tmp_path, monkeypatch, CAPTURE)
    assert "polyopt:" in out
    for name in ("c0", "t0"):
        assert not re.search(rf"for \((int|long) {name}\b", out), out
    _same_output(tmp_path, CAPTURE, out, (str(tmp_path / "offsets.c"),))


# -- 3. signed and unsigned: C's conversions, not mathematical integers -----------------

UNSIGNED = """#include <stdio.h>
#include <stddef.h>
int A[40], B[40], C[40][40];
void f(unsigned n, size_t m) {
  int i;
  unsigned u, v;
#pragma scop
  for (i = -1; i < n; i++)
    A[i + 1] = 7;
#pragma endscop
#pragma scop
  for (i = 0; i < m - 1; i++)
    B[i] = 3;
#pragma endscop
#pragma scop
  for (u = 0; u < n; u++)
    for (v = 0; v < n; v++)
      C[u][v] = C[u][v] + u - 5 * v;
#pragma endscop
}
int main(void) {
  f(5, 3);
  f(0, 4);
  f(20, 6);
  for (int i = 0; i < 40; i++)
    printf("%d %d %d\\n", A[i], B[i], C[i][i]);
  return 0;
}
"""


def test_unsigned_bounds_are_c_conversions(capsys, tmp_path, monkeypatch):
    out, err = _polyopt(capsys, tmp_path, monkeypatch, UNSIGNED)
    # i < n converts -1 to unsigned (the loop does not run); m - 1 would wrap for
    # m == 0 (not called so: the original would crash): both left as written
    assert re.search(r"prog\.c:8:\d+: warning: .*'unsigned int'", err), err
    assert re.search(r"prog\.c:12:\d+: warning: .*'unsigned long'", err), err
    assert "  for (i = -1; i < n; i++)\n    A[i + 1] = 7;\n" in out
    assert "  for (i = 0; i < m - 1; i++)\n    B[i] = 3;\n" in out
    # unsigned iterators from 0 below an unsigned bound: optimized, and equal
    assert out.count("polyopt:") == 1, out
    _same_output(tmp_path, UNSIGNED, out)


# -- 4. values beyond int -----------------------------------------------------------------

WIDE = """#include <stdio.h>
int A[100];
int main(void) {
  long i;
  int k;
#pragma scop
  for (i = 2147483640L; i < 2147483650L; i++)
    A[i - 2147483640L] = i % 7;
  for (i = 4294967290L; i < 4294967300L; i++)
    A[i - 4294967290L + 10] += 3;
  for (i = 0; i < 5000000000L; i += 1000000000)
    A[i / 1000000000 + 20] = i % 1000 + 1;
  for (k = 0; k < 2000000000; k += 1000000000)
    A[k / 1000000000 + 30] = k % 1000 + 2;
#pragma endscop
  for (k = 0; k < 40; k++)
    printf("%d ", A[k]);
  printf("\\n");
  return 0;
}
"""


def test_iterators_wider_than_int(capsys, tmp_path, monkeypatch):
    out, err = _polyopt(capsys, tmp_path, monkeypatch, WIDE)
    assert "polyopt:" in out, err
    _same_output(tmp_path, WIDE, out)


# -- 5. line breaks that C does not know, inside a string literal --------------------------

LITERALS = ("#include <stdio.h>\n"
            "const char *s[4];\n"
            "int main(void) {\n"
            "  int i;\n"
            "#pragma scop\n"
            "  for (i = 0; i < 4; i++)\n"
            '    s[i] = "a\u2028b\u2029c\u0085d\fe\vf";\n'
            "#pragma endscop\n"
            "  for (i = 0; i < 4; i++)\n"
            '    printf("[%s]\\n", s[i]);\n'
            "  return 0;\n"
            "}\n")


def test_string_literals_keep_form_feeds_and_unicode_line_separators(capsys, tmp_path, monkeypatch):
    out, _ = _polyopt(capsys, tmp_path, monkeypatch, LITERALS)
    assert "polyopt:" in out
    assert '"a\u2028b\u2029c\u0085d\fe\vf"' in out
    _same_output(tmp_path, LITERALS, out)
