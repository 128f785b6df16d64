"""A name means what C makes it mean where the region stands (no wrong program).

Each program was a silent wrong program once: polyopt read a name by a definition
other than the one the compiler uses at the region: a macro #undef'd and defined
again after it, a file's own `floord` or `min`, a function pointer parameter with
the name of a function of the file, a helper's block local with a global's name,
a global a helper reads through a macro. Each must print what the original prints,
or be left unchanged with a located warning.
"""

from __future__ import annotations

import pytest

from tests.conftest import needs_gcc
from tests.test_wrong_programs import _polyopt, _same_output

pytestmark = needs_gcc

def _refused(capsys, tmp_path, monkeypatch, program: str, line: int, message: str) -> None:
    """polyopt leaves the region of `program` unchanged, with `message` at `line`."""
    out, err = _polyopt(capsys, tmp_path, monkeypatch, program)
    assert f"prog.c:{line}:" in err and message in err, err
    assert "polyopt:" not in out


REDEFINED_INDEX = """#include <stdio.h>
#define N 100
int a[N], b[N], c[N];
#define PREV(i) ((i) - 1)
void f(void) {
#pragma scop
  for (int i = 1; i < N; i++)
    b[i] = a[PREV(i)];
  for (int i = 1; i < N; i++)
    a[i] = c[i];
#pragma endscop
}
#undef PREV
#define PREV(i) ((i) + 1)
int main(void) {
  for (int i = 0; i < N; i++) { a[i] = i; c[i] = 100 + i; }
  f();
  long s = 0;
  for (int i = 0; i < N; i++) s += b[i];
  printf("%d %d %ld\\n", b[2], b[3], s);
  return 0;
}
"""


def test_a_macro_defined_again_after_the_region_keeps_its_value_there(
        capsys, tmp_path, monkeypatch):
    out, err = _polyopt(capsys, tmp_path, monkeypatch, REDEFINED_INDEX)
    assert "polyopt:" in out, err            # modelled, with ((i) - 1)
    assert _same_output(tmp_path, REDEFINED_INDEX, out) == "1 2 4851\n"


BRANCHES = """#include <stdio.h>
#define N 100
int a[N], b[N], c[N];
#ifdef AHEAD
#define AT(i) ((i) + 1)
#else
#define AT(i) ((i) - 1)
#endif
int main(void) {
  for (int i = 0; i < N; i++) { a[i] = i; c[i] = 100 + i; }
#pragma scop
  for (int i = 1; i < N - 1; i++)
    b[i] = a[AT(i)];
  for (int i = 1; i < N - 1; i++)
    a[i] = c[i];
#pragma endscop
  long s = 0;
  for (int i = 0; i < N; i++) s += b[i];
  printf("%d %ld\\n", b[3], s);
  return 0;
}
"""


@pytest.mark.parametrize("flags", [(), ("-DAHEAD",)], ids=["else", "ifdef"])
def test_an_index_macro_of_two_branches_leaves_the_region(capsys, tmp_path, monkeypatch,
                                                            flags):
    out, err = _polyopt(capsys, tmp_path, monkeypatch, BRANCHES)
    assert "prog.c:13:" in err and "AT" in err and "region left unchanged" not in out, err
    _same_output(tmp_path, BRANCHES, out, flags)


REDEFINED_EFFECT = """#include <stdio.h>
#define N 4000
double a[N], b[N];
double last;
#define F(x) (last = (x), (x))
void f1(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    b[i] = F(a[i]) * 2.0 + 1.0;
#pragma endscop
}
#undef F
#define F(x) (x)
int main(void) {
  for (int i = 0; i < N; i++) a[i] = i % 1000;
  f1();
  double s = 0;
  for (int i = 0; i < N; i++) s += b[i];
  printf("%.1f %.1f\\n", s, last);
  return 0;
}
"""


def test_a_macro_with_a_side_effect_before_a_pure_redefinition_is_refused(
        capsys, tmp_path, monkeypatch):
    _refused(capsys, tmp_path, monkeypatch, REDEFINED_EFFECT, 9, "writes 'last'")


FLOORD = """#include <stdio.h>
%s
int cnt[20];
int main(void) {
#pragma scop
  for (int i = 0; i < 10; i++)
    for (int j = floord(i - 5, 2); j < 5; j++)
      cnt[j + 5] += 1;
  for (int i = 0; i < 10; i++)
    for (int j = min(i, 6); j < 9; j++)
      cnt[j + 10] += 2;
#pragma endscop
  for (int j = 0; j < 20; j++) printf("%%d ", cnt[j]);
  printf("\\n");
  return 0;
}
"""
TRUNCATING = "#define floord(n, d) ((n) / (d))\n#define min(x, y) ((x) > (y) ? (x) : (y))"
PLUTO = ("#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))\n"
         "#define min(x, y) ((x) < (y) ? (x) : (y))")
FUNCTIONS = ("static inline int floord(int n, int d) { return n < 0 ? -((-n + d - 1) / d) : n / d; }\n"
             "static int min(int a, int b) { return a < b ? a : b; }")


@pytest.mark.parametrize("definitions", [TRUNCATING, PLUTO, FUNCTIONS],
                         ids=["truncating-macros", "pluto-macros", "functions"])
def test_floord_and_min_mean_what_the_file_defines(capsys, tmp_path, monkeypatch,
                                                   definitions):
    program = FLOORD % definitions
    out, err = _polyopt(capsys, tmp_path, monkeypatch, program)
    assert "polyopt:" in out, err      # modelled: with the file's values, or polyopt's where equal
    _same_output(tmp_path, program, out)


def test_a_floord_function_of_another_value_is_refused(capsys, tmp_path, monkeypatch):
    program = FLOORD % ("static inline int floord(int n, int d) { return n / d; }\n"
                        "#define min(x, y) ((x) < (y) ? (x) : (y))")
    out, err = _polyopt(capsys, tmp_path, monkeypatch, program)
    assert "prog.c:8:" in err and "'floord' is defined in the file with another value" in err
    # that nest stays as written; the region's other nest is optimized on its own
    assert "for (int j = floord(i - 5, 2); j < 5; j++)" in out
    assert "its other loop nests are optimized on their own" in err and "polyopt:" in out
    _same_output(tmp_path, program, out)


POINTER_PARAMETER = """#include <stdio.h>
#define N 8
double x[N], y[N], z[N];
static int calls;
static double f(double t) { return t * t; }
static double counted(double t) { calls++; return t + calls; }
void tabulate(double (*f)(double)) {
#pragma scop
  for (int i = 0; i < N; i++)
    y[i] = f(x[i]);
  for (int i = 0; i < N; i++)
    z[i] = y[i] + f(x[i]);
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++) x[i] = i;
  tabulate(counted);
  for (int i = 0; i < N; i++) printf("%g ", z[i]);
  printf("\\n");
  return 0;
}
"""


def test_a_function_pointer_parameter_is_not_the_function_of_its_name(
        capsys, tmp_path, monkeypatch):
    _refused(capsys, tmp_path, monkeypatch, POINTER_PARAMETER, 10,
             "'f' is a variable where the region stands")


HELPER = """#include <stdio.h>
#define N 8
double x[N], y[N], z[N];
int calls;
%s
int main(void) {
  for (int i = 0; i < N; i++) x[i] = i;
#pragma scop
  for (int i = 0; i < N; i++)
    y[i] = counted(x[i]);
  for (int i = 0; i < N; i++)
    z[i] = y[i] + counted(x[i]);
#pragma endscop
  for (int i = 0; i < N; i++) printf("%%g ", z[i]);
  printf("\\n");
  return 0;
}
"""


def test_a_block_local_hides_a_global_only_in_its_block(capsys, tmp_path, monkeypatch):
    program = HELPER % ("double counted(double t) {\n"
                        "  if (t < 0) { int calls = 0; return calls; }\n"
                        "  calls++;\n  return t + calls;\n}")
    _refused(capsys, tmp_path, monkeypatch, program, 14, "'counted' writes 'calls'")
    # where the local is the one written, the helper is free of side effects
    program = HELPER % ("double counted(double t) {\n"
                        "  for (int calls = 0; calls < 2; calls++) t += 1;\n"
                        "  { double calls = t; calls *= 2; t = calls; }\n  return t;\n}")
    out, err = _polyopt(capsys, tmp_path, monkeypatch, program)
    assert "polyopt:" in out, err
    _same_output(tmp_path, program, out)


MACRO_READ = """#include <stdio.h>
#define N 8
double a[N], b[N];
double g;
#define G g
static double h(int i) { return G * i; }
int main(void) {
  for (int i = 0; i < N; i++) a[i] = i + 1;
#pragma scop
  for (int i = 0; i < N; i++) {
    g = a[i] * 2;
    b[i] = h(i);
  }
#pragma endscop
  for (int i = 0; i < N; i++) printf("%g ", b[i]);
  printf("\\n");
  return 0;
}
"""


def test_a_global_a_helper_reads_through_a_macro_is_seen(capsys, tmp_path, monkeypatch):
    _refused(capsys, tmp_path, monkeypatch, MACRO_READ, 12,
             "'h' reads 'g', which the region writes")


TYPEDEF = """#include <stdio.h>
#define N 8
typedef int T;
double x[N];
void f(int T) {
#pragma scop
  for (int i = 0; i < (T) - 1; i++)
    x[i] = i + 1;
#pragma endscop
}
int main(void) {
  f(N);
  printf("%g %g\\n", x[0], x[N - 2]);
  return 0;
}
"""


def test_a_parameter_that_hides_a_typedef_is_no_cast(capsys, tmp_path, monkeypatch):
    # `(T) - 1` subtracts from the parameter; read as a cast of -1, the loop was lost
    out, err = _polyopt(capsys, tmp_path, monkeypatch, TYPEDEF)
    assert "polyopt:" in out, err
    assert _same_output(tmp_path, TYPEDEF, out) == "1 7\n"


@needs_gcc
@pytest.mark.parametrize("name", ["min", "mod", "floor", "and", "true"])
def test_a_size_named_like_a_word_of_isl_is_modelled_by_another_name(
        capsys, tmp_path, monkeypatch, name):
    """isl's texts cannot name it: the model does by another name, the code by its own."""
    program = ("#include <stdio.h>\n"
               "double x[40];\n"
               f"void f(int n, int {name}) {{\n"
               "#pragma scop\n"
               f"  for (int j = {name}; j < n; j++)\n"
               f"    x[j] = x[j - {name}] + j;\n"
               "#pragma endscop\n"
               "}\n"
               "int main(void) { f(40, 3); f(33, 5); double s = 0;\n"
               "  for (int k = 0; k < 40; k++) s += x[k] * (k + 1);\n"
               "  printf(\"%.1f\\n\", s); return 0; }\n")
    out, err = _polyopt(capsys, tmp_path, monkeypatch, program)
    assert "warning" not in err, err
    assert "/* polyopt: isl" in out and "__polyopt" not in out
    assert f"c0 = {name};" in out[out.index("/* polyopt: isl"):]
    _same_output(tmp_path, program, out)


def test_integer_types_read_macros_as_defined_at_the_offset():
    """A size macro #undef'd before the region names the variable declared after it;
    one of two #if branches counts with the other (their common type)."""
    from polyopt.frontend.integers import IntegerTypes, LONG, INT
    from polyopt.frontend.source import SourceFile
    text = ("#define N 10\n#undef N\nlong N = 2147483650L;\n"
            "#ifdef BIG\n#define M 3000000000L\n#else\n#define M 30\n#endif\n"
            "#define K 5\n"
            "void f(void) {\n  int x = N + M + K;\n}\n#undef K\n#define K 1L\n")
    source = SourceFile("t.c", text)
    types = IntegerTypes(source, text.index("int x"))
    assert types("N") == LONG
    assert types("M") == LONG
    assert types("K") == INT


def test_integer_types_without_a_parse_read_each_parameter_apart():
    """Where the file does not parse, the scan reads a parameter list one parameter at
    a time: the sizes of `int n, const unsigned long long A[restrict nb][n]` are int,
    not the array's element type; `int a, b` declares two ints."""
    from polyopt.frontend.integers import IntegerTypes, INT, UNSIGNED_LONG
    from polyopt.frontend.source import SourceFile
    text = ("static void f(int nb, int n, const unsigned long long A[restrict nb][n], "
            "size_t len)\n{\n  int a, b;\n  x = y(unsigned long long, 1);\n"
            "#pragma scop\n")
    source = SourceFile("t.c", text)
    types = IntegerTypes(source, text.index("#pragma"))
    declared = types._scanned()
    assert declared["n"] == INT and declared["nb"] == INT
    assert declared["a"] == INT and declared["b"] == INT
    assert declared["len"] == UNSIGNED_LONG
