"""Functions called in a region must be free of side effects (frontend.calls): a
counter, rand()'s state or output reordered or run in parallel is a wrong program.
Checked: what is accepted (math functions, macros as the preprocessor sees them,
functions of the file that only compute a value, __attribute__((const))) and what
leaves the region unchanged with the call's location and the reason; --auto-scop
optimizes the loops around such a call; a program calling a helper of its own
prints what the original prints."""

from __future__ import annotations

import re

import pytest

from polyopt.cli import main
from polyopt.frontend import extract_scops
from polyopt.frontend.source import SourceFile
from tests.conftest import compile_and_run, needs_gcc

REGION = """#include <math.h>
#include <stdlib.h>
double a[100], b[100], g[100];
int counter;
HELPERS
void kernel(int n)
{
#pragma scop
  for (int i = 0; i < n; i++)
    b[i] = EXPRESSION;
#pragma endscop
}
"""

ACCEPTED = {
    "math": ("", "sqrt(a[i]) + fabs(a[i]) + powf(a[i], 2.0f) + abs(i)"),
    "macro": ("#define SQR(x) ((x) * (x))\n#define F(x) SQR(sqrt(x))", "F(a[i])"),
    "pasted": ("#define SCALAR(x) x##f", "a[i] * SCALAR(2.0)"),
    "helper": ("static double twice(double x) { double y = 2 * x; return y; }", "twice(a[i])"),
    "calls helper": ("static double sq(double x) { return x * x; }\n"
                     "static inline double norm(double x, double y) { return sqrt(sq(x) + sq(y)); }",
                     "norm(a[i], i)"),
    "recursive": ("static int fib(int k) { return k < 2 ? k : fib(k - 1) + fib(k - 2); }",
                  "a[i] + fib(i % 5)"),
    "local array": ("static double sum3(double x) { double t[3] = {x, x, x}; t[1] += 1; "
                    "return t[0] + t[1] + t[2]; }", "sum3(a[i])"),
    "static const table": ("static double pick(int k) { static const double t[3] = "
                           "{1.0, 2.0, 3.0}; return t[k % 3]; }", "a[i] * pick(i)"),
    "classification": ("", "isnan(a[i]) ? 0.0 : a[i] * __builtin_isinf_sign(a[i])"),
    "math constants": ("", "a[i] < 0 ? INFINITY : (a[i] > 1 ? NAN : HUGE_VAL)"),
    "a const table read": ("static const double W[4] = {1, 2, 3, 4};\n"
                           "static double w(int k) { return W[k % 4]; }", "a[i] * w(i)"),
    "GNU attributes in the file": ("double w(int) __attribute__((const));\n"
                                   "static inline __attribute__((always_inline)) double "
                                   "twice(double x) { return 2 * x; }", "twice(a[i]) * w(i)"),
    "a prototype inside": ("static double f(double x) { static double g2(double); "
                           "return x + 1; }", "f(a[i])"),
    "an enum global": ("enum mode { FAST, SLOW } mode;\n"
                       "static double m(double x) { return mode == FAST ? x : 2 * x; }",
                       "m(a[i])"),
    "a string literal read": ("static long lit(const char *s, long v) { long h = v; "
                              "for (; *s; s++) h = h * 7 + *s; return h; }",
                              "a[i] + lit(\"ab\", i)"),
    "typedef'd value": ("typedef double real;\nstatic real half(real x) { real y = x / 2; "
                        "return y; }", "half(a[i])"),
    "reads a global not written": ("static double scaled(int k) { return g[k] * 2; }",
                                   "scaled(i)"),
    "const attribute": ("double weight(int k) __attribute__((const));", "a[i] * weight(i)"),
}

REFUSED = {
    "counter": ("static double bump(double x) { counter++; return x; }", "bump(a[i])",
                r"'bump' writes 'counter'"),
    "rand": ("", "a[i] + rand() % 3", r"'rand' is a C library function with side effects"),
    "macro with rand": ("#define NOISE() (rand() % 3)", "a[i] + NOISE()",
                        r"macro 'NOISE' calls 'rand'"),
    "nested": ("static double bump(double x) { counter++; return x; }\n"
               "static double f(double x) { return bump(x) + 1; }", "f(a[i])",
               r"'f' calls 'bump': 'bump' writes 'counter'"),
    "static local": ("static double seen(double x) { static int k; k++; return x + k; }",
                     "seen(a[i])", r"keeps a static variable 'k'"),
    "pointer parameter": ("static double at(double *p, int k) { return p[k]; }",
                          "at(g, i)", r"reads memory through its parameter 1, given 'g'"),
    "writes a global array": ("static double put(int k) { g[k] = 1; return 0; }", "put(i)",
                              r"'put' writes 'g\[k\]'"),
    "reads what the region writes": ("static double left(int k) { return k ? b[k - 1] : 0; }",
                                     "left(i)", r"'left' reads 'b', which the region writes"),
    "declared only": ("double external(double);", "external(a[i])",
                      r"'external' is declared but not defined in this file"),
    "not found": ("", "mystery(a[i])", r"finds no definition of 'mystery'.*-I"),
    "function pointer": ("double (*fp)(double);", "(*fp)(a[i])", r"function pointer|pointer"),
    "object macro calling rand": ("#define RANDOM ((double) rand() / 2147483647)",
                                  "a[i] + RANDOM", r"'RANDOM' may have side effects .*'rand'"),
    "const attribute behind a macro": ("#define PURE __attribute__((const))\n"
                                       "PURE int next_id(void);", "a[i] + next_id()",
                                       r"'next_id' is declared but not defined"),
    "a moving static pointer": ("static double step(void) { static const int *p = 0; "
                                "return *p++; }", "a[i] + step()",
                                r"keeps a static variable 'p'"),
    "a copy of a pointer": ("static double second(const double *p) { const double *q = p; "
                            "return q[1]; }", "a[i] + second(g)", r"through a pointer \('q\[1\]'\)"),
    "cycle through a writer": ("static double h(double x) { counter = 1; return x; }\n"
                               "static double f(double x);\n"
                               "static double g(double x) { return x > 1 ? f(x / 2) : x; }\n"
                               "static double f(double x) { return g(x) + h(x); }",
                               "g(a[i])", r"'g' calls 'f': 'f' calls 'h': 'h' writes 'counter'"),
    "macro in a branch not built": ("#ifdef FAST\n#define scale(x) ((x) * 2)\n#else\n"
                                    "static double scale(double x) { counter++; return 2 * x; }"
                                    "\n#endif", "scale(a[i])", r"'scale' writes 'counter'"),
    "through a struct pointer": ("struct B { double *d; } *gb;\n"
                                 "static double at(int k) { return gb->d[k]; }", "at(i)",
                                 r"reads memory through a pointer \('gb->d'\)"),
    "a typedef'd pointer": ("typedef double *vec;\n"
                            "static double second(vec v) { return v[1]; }", "second(g)",
                            r"reads memory through its parameter 1"),
    "an array of pointers": ("static double put(double v) { double *q[1] = {g}; q[0][0] += v; "
                             "return v; }", "put(a[i])", r"'put' writes 'q\[0\]\[0\]'"),
    "macro writing its argument": ("#define SETZ(v) ((v) = 0.0)", "SETZ(a[i])",
                                   r"macro 'SETZ' writes 'v'"),
    "macro of a helper": ("#define RANDOM ((double) rand() / 2147483647)\n"
                          "static double noisy(double x) { return x + RANDOM; }",
                          "noisy(a[i])", r"'noisy' uses macro 'RANDOM'.*'rand'"),
    "macro counting": ("int seq;\n#define NEXT (seq++)", "a[i] + NEXT",
                       r"'NEXT' may have side effects .*writes 'seq'"),
    "an array where a literal goes": ("static long lit(const char *s, long v) { return v + "
                                      "*s; }\nchar text[8];", "a[i] + lit(text, i)",
                                      r"reads memory through its parameter 1"),
    "K&R parameters": ("static double at(p, k) double *p; int k; { return p[k]; }",
                       "at(g, i)", r"reads memory through its parameter 1"),
    "own log with effects": ("double log(double x) { counter++; return x; }", "log(a[i])",
                             r"'log' writes 'counter'"),
}


def _scops(helpers: str, expression: str, **options):
    text = REGION.replace("HELPERS", helpers).replace("EXPRESSION", expression)
    return extract_scops(SourceFile("k.c", text), **options)


@pytest.mark.parametrize("name", ACCEPTED)
def test_calls_without_side_effects_are_modelled(name):
    helpers, expression = ACCEPTED[name]
    result = _scops(helpers, expression)
    assert len(result.scops) == 1, [d.message for d in result.diagnostics]


@pytest.mark.parametrize("name", REFUSED)
def test_calls_that_may_have_side_effects_leave_the_region_unchanged(name):
    helpers, expression, reason = REFUSED[name]
    result = _scops(helpers, expression)
    assert not result.scops
    diagnostic, = result.diagnostics
    assert re.search(reason, diagnostic.message), diagnostic.message
    assert diagnostic.message.endswith("region left unchanged")
    line = REGION.replace("HELPERS", helpers).split("\n").index("    b[i] = EXPRESSION;") + 1
    assert diagnostic.location.line == line


def test_a_macro_name_without_definition_is_assumed_with_a_note():
    """PolyBench's SQRT_FUN without -I: by its name a macro of the header polyopt did
    not find; the region is modelled, with a note at the call (once). Where every
    header was found, the name is no macro: refused."""
    text = REGION.replace("HELPERS", "").replace("EXPRESSION", "SQRT_FUN(a[i]) + SQRT_FUN(b[i])")
    result = extract_scops(SourceFile("k.c", '#include "not_here.h"\n' + text))
    scop, = result.scops
    (message, where), = scop.notes
    assert "'SQRT_FUN' is taken to be a macro without side effects" in message
    assert "-I" in message and where.line == 11
    result = extract_scops(SourceFile("k.c", text))
    assert not result.scops and "finds no definition of 'SQRT_FUN'" in \
        result.diagnostics[0].message


def test_a_header_macro_is_read_where_the_header_is_found(tmp_path):
    """ROOT from a header in another directory: found with -I (the preprocessor
    expands it under the user's options), assumed with a note without; SHAKE, which
    calls rand(), is refused with -I."""
    (tmp_path / "include").mkdir()
    (tmp_path / "include" / "defs.h").write_text(
        "#ifdef SINGLE\n# define ROOT(x) sqrtf(x)\n#else\n# define ROOT(x) sqrt(x)\n#endif\n"
        "#define SHAKE(x) ((x) + rand())\n")
    text = '#include "defs.h"\n' + REGION.replace("HELPERS", "")
    source = tmp_path / "k.c"
    source.write_text(text.replace("EXPRESSION", "ROOT(a[i])"))
    found = extract_scops(SourceFile(str(source), source.read_text()),
                          include_dirs=[str(tmp_path / "include")])
    assert len(found.scops) == 1
    assert not found.scops[0].notes
    missing = extract_scops(SourceFile(str(source), source.read_text()))
    assert "give its header's directory with -I" in missing.scops[0].notes[0][0]
    source.write_text(text.replace("EXPRESSION", "SHAKE(a[i])"))
    shaken = extract_scops(SourceFile(str(source), source.read_text()),
                           include_dirs=[str(tmp_path / "include")])
    assert not shaken.scops and "'rand'" in shaken.diagnostics[0].message


AUTO = r"""#include <stdio.h>
#include <stdlib.h>
static int counter;
static double bump(double x) { counter++; return x * 2; }
static double smooth(double x) { return x * 0.5 + 1.0; }
double a[3000], b[3000], c[3000];
int main(void)
{
  int n = 3000;
  for (int i = 0; i < n; i++)
    a[i] = i % 7;
  for (int i = 0; i < n; i++)
    b[i] = bump(a[i]) + rand() % 3;
  for (int i = 1; i < n; i++)
    c[i] = smooth(a[i - 1]) + c[i - 1] * 0.001;
  double s = 0;
  for (int i = 0; i < n; i++)
    s += b[i] * (i % 5) + c[i];
  printf("%.6f %d\n", s, counter);
  return 0;
}
"""


@needs_gcc
def test_auto_scop_optimizes_around_a_call_with_side_effects(tmp_path, monkeypatch, capsys):
    """The loop calling bump() and rand() stays as written (between two optimized
    nests); the one calling the file's pure smooth() is optimized; same output."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prog.c").write_text(AUTO)
    assert main(["prog.c", "--auto-scop", "--scheduler", "isl", "--no-db"]) == 0
    optimized = capsys.readouterr().out
    assert "    b[i] = bump(a[i]) + rand() % 3;" in optimized
    assert optimized.count("/* polyopt:") >= 2
    assert re.search(r"smooth\(a\[c\d+ - 1\]\)", optimized)
    expected, _ = compile_and_run(AUTO, tmp_path, "original")
    actual, _ = compile_and_run(optimized, tmp_path, "optimized")
    assert actual == expected


def test_helpers_of_a_header_next_to_the_file_are_judged(tmp_path):
    """`static inline` helpers of a header included with quotes: read like the file's."""
    (tmp_path / "util.h").write_text(
        "static inline double half(double x) { return x / 2; }\n"
        "static int calls;\n"
        "static inline double counted(double x) { calls += 1; return x; }\n")
    for expression, modelled in (("half(a[i])", True), ("counted(a[i])", False)):
        text = '#include "util.h"\n' + REGION.replace("HELPERS", "").replace("EXPRESSION",
                                                                            expression)
        result = extract_scops(SourceFile(str(tmp_path / "k.c"), text))
        assert bool(result.scops) == modelled, [d.message for d in result.diagnostics]
        if not modelled:
            assert "'counted' writes 'calls'" in result.diagnostics[0].message


def test_a_cycle_is_judged_whichever_function_comes_first():
    """f calls g and h, g calls f, h writes a global: judging f first must not leave g
    judged free of side effects (it was judged while f was assumed to be)."""
    from polyopt.frontend.calls import CallJudge
    text = REGION.replace("HELPERS", REFUSED["cycle through a writer"][0])
    judge = CallJudge(SourceFile("k.c", text))
    assert judge("f")[0] is not None
    assert judge("g")[0] is not None and judge("h")[0] is not None


POINTER_REGION = """double g[100];
static double before(int k) { return k ? g[k - 1] : 0; }
void kernel(int n, double *restrict r, double *p, double q[100])
{
#pragma scop
  for (int i = 0; i < n; i++)
    TARGET[i] = before(i);
#pragma endscop
}
"""


@pytest.mark.parametrize("target, tested", [("p", True), ("q", True), ("r", False)])
def test_a_helper_reading_an_array_a_written_pointer_may_reach(target, tested):
    """kernel(n, g, ...) would make `p[i] = before(i)` a recurrence through g that the
    model cannot see: g, a global of known size, joins the run-time overlap test with
    all its cells (codegen.versioning); a restrict pointer promises it is not."""
    from polyopt.codegen.versioning import overlapping_pairs
    result = extract_scops(SourceFile("k.c", POINTER_REGION.replace("TARGET", target)))
    assert result.scops, [d.message for d in result.diagnostics]
    assert ((target, "g") in overlapping_pairs(result.scops[0])) == tested


@pytest.mark.parametrize("declaration", ["extern double g[];", "double *g;"])
def test_a_helper_reading_a_global_of_unknown_size_is_refused(declaration):
    """Where the global's cells cannot be bounded (an incomplete array, a pointer),
    no test can tell: the region is left unchanged."""
    text = POINTER_REGION.replace("TARGET", "p").replace("double g[100];", declaration)
    result = extract_scops(SourceFile("k.c", text))
    assert not result.scops
    assert "'before' reads 'g', which 'p' may point into" in result.diagnostics[0].message


def test_a_global_shadowed_in_the_function_is_refused():
    """`sizeof g` in the region would be the local's: the helper reads the global."""
    text = POINTER_REGION.replace("TARGET", "p").replace(
        "#pragma scop", "double g[4] = {0};\n  (void) g;\n#pragma scop")
    result = extract_scops(SourceFile("k.c", text))
    assert not result.scops


@needs_gcc
def test_a_table_a_helper_reads_is_tested_at_run_time(tmp_path, monkeypatch, capsys):
    """apply(3, w, x) writes the table weight() reads: the code as written runs and
    prints what the original prints; apply(n, y, x) takes the optimized code."""
    program = r"""#include <stdio.h>
#include <stdlib.h>
static double w[3];
static double weight(int k) { return w[k % 3]; }
static const char *branch = "optimized";
void apply(int n, double *out, const double *in)
{
#pragma scop
  for (int t = 0; t < 3; t++)
    for (int i = 1; i < n; i++)
      out[i] = in[i] * weight(i) + out[i - 1] * 0.5;
#pragma endscop
}
int main(void)
{
  int n = 2000;
  double *x = malloc(n * sizeof *x), *y = calloc(n, sizeof *y);
  for (int i = 0; i < n; i++) x[i] = i % 7;
  w[0] = 0.5; w[1] = 0.25; w[2] = 2.0;
  apply(3, w, x);
  printf("%s ", branch);
  branch = "optimized";
  apply(n, y, x);
  double s = 0;
  for (int i = 0; i < n; i++) s += y[i] * (i % 5);
  printf("%s %.12g %g %g %g\n", branch, s, w[0], w[1], w[2]);
  return 0;
}
"""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prog.c").write_text(program)
    assert main(["prog.c", "--no-db", "--scheduler", "isl", "-o", "opt.c"]) == 0
    optimized = (tmp_path / "opt.c").read_text()
    assert "in, out and w do not overlap in memory" in optimized
    head, _, tail = optimized.rpartition("\n  else\n")
    marked = head + '\n  else if ((branch = "original"), 1)\n' + tail
    expected, _ = compile_and_run(program, tmp_path, "original", ("-O2",))
    actual, _ = compile_and_run(marked, tmp_path, "optimized", ("-O2",))
    assert actual.split()[2:] == expected.split()[2:]
    assert actual.split()[:2] == ["original", "optimized"]


def test_a_header_macro_reading_through_its_parameter_is_refused(tmp_path):
    """`(v)[k]` in a macro the region calls with an array: an access the model would
    not see (in the file itself, the macro check refuses it before)."""
    (tmp_path / "avg.h").write_text("#define AVG2(v, k) (0.5 * ((v)[k] + (v)[(k) + 1]))\n")
    text = '#include "avg.h"\n' + REGION.replace("HELPERS", "").replace(
        "EXPRESSION", "AVG2(g, i)")
    result = extract_scops(SourceFile(str(tmp_path / "k.c"), text))
    assert not result.scops
    assert "reads memory through a pointer" in result.diagnostics[0].message


def test_volatile_scalar_read_only():
    text = REGION.replace("HELPERS", "volatile double scale;").replace("EXPRESSION",
                                                                      "a[i] * scale")
    result = extract_scops(SourceFile("k.c", text))
    assert not result.scops and "'scale' is declared volatile" in result.diagnostics[0].message


def test_a_size_macro_that_calls_a_function_is_refused():
    """`#define N get_n()` would be called at each use in the generated bounds."""
    text = REGION.replace("HELPERS", "int get_n(void);\n#define N get_n()").replace(
        "i < n", "i < N").replace("EXPRESSION", "a[i]")
    result = extract_scops(SourceFile("k.c", text))
    assert not result.scops and "size 'N' may have side effects" in result.diagnostics[0].message


VOLATILE_AUTO = """volatile int flag;
double a[100], b[100];
void f(int n)
{
  for (int i = 0; i < n; i++)
    a[i] = b[i] * 2;
  for (int i = 0; i < n; i++)
    b[i] = a[i] + flag;
}
"""


def test_auto_scop_keeps_the_nests_before_a_refused_one():
    """A loop reading a volatile flag is left out; the loop before it is still found."""
    result = extract_scops(SourceFile("k.c", VOLATILE_AUTO), auto_scop=True)
    scop, = result.scops
    assert [s.location.line for s in scop.statements] == [6]
