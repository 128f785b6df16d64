"""Knowing the sizes: --define, and the values a file's #defines and #if chains give
its parameters (frontend/sizes.py), for decisions only."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from polyopt.cli import main
from polyopt.frontend import SourceFile, read_source
from polyopt.frontend import sizes
from polyopt.frontend.sizes import evaluate_integer_expression, known_values, parse_define
from polyopt.pipeline import Options, find_scops

ROOT = Path(__file__).parent.parent
GEMM = ROOT / "polybench" / "kernels" / "gemm.c"
needs_cpp = pytest.mark.skipif(not any(shutil.which(name) for name in sizes.PREPROCESSORS),
                               reason="needs a C preprocessor")

CHAIN = """\
#if defined(SMALL)
# define N 60
#elif defined(MEDIUM)
# define N (2 * HALF)
# define HALF 100
#else
# define N 1000
#endif
void f(double A[N], int n) {
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    A[i] = A[i] + n;
#pragma endscop
}
"""


def _known(text: str, defines=(), name: str = "t.c", directory: Path | None = None) -> dict:
    if directory is not None:
        (directory / name).write_text(text)
        name = str(directory / name)
    scops, _ = find_scops(SourceFile(name, text), Options(defines=list(defines)))
    return scops[0].known_values


def test_parse_define_takes_what_gcc_takes():
    assert parse_define("N") == ("N", "1")
    assert parse_define("N=500") == ("N", "500")
    assert parse_define("SIZE=(2*8)") == ("SIZE", "(2*8)")
    with pytest.raises(ValueError):
        parse_define("2N=5")
    with pytest.raises(ValueError):
        parse_define("=5")


def test_bad_define_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_status:
        main(["-D", "9lives", str(GEMM)])
    assert exit_status.value.code == 2
    assert "9lives" in capsys.readouterr().err


def test_integer_constant_expressions_are_evaluated_as_c_does():
    assert evaluate_integer_expression("(2 * (100 + 3))") == 206
    assert evaluate_integer_expression("(-7 / 2)") == -3 and evaluate_integer_expression("-7 % 2") == -1
    assert evaluate_integer_expression("(long) 10L << 2") == 40
    assert evaluate_integer_expression("0x10u + 010") == 24
    assert evaluate_integer_expression("3 > 2 ? 5 : 6") == 5
    for text in ("1e3", "N", "1 / 0", "'a'", "f(2)", "(double) 3"):
        assert evaluate_integer_expression(text) is None, text


@needs_cpp
def test_if_chain_selects_the_defined_size():
    assert _known(CHAIN) == {"N": 1000}
    assert _known(CHAIN, ["SMALL"]) == {"N": 60}
    assert _known(CHAIN, ["MEDIUM=1"]) == {"N": 200}      # macros in the value, defined later


@needs_cpp
def test_polybench_kernel_small_and_large():
    source = read_source(str(GEMM))
    parameters = ["NI", "NJ", "NK"]
    small = known_values(source, parameters, ["SMALL_DATASET"], [str(ROOT / "polybench")])
    large = known_values(source, parameters, ["LARGE_DATASET"], [str(ROOT / "polybench")])
    assert small == {"NI": 60, "NJ": 70, "NK": 80}
    assert large == {"NI": 1000, "NJ": 1100, "NK": 1200}
    # the harness's default (LARGE) is found through -I
    assert known_values(source, parameters, [], [str(ROOT / "polybench")]) == large


def test_polybench_variants_get_the_dataset_define(tmp_path):
    from polyopt.polybench.experiment import Experiment, Settings
    from polyopt.polybench.suite import open_suite
    from polyopt.polybench.variants import make_variant
    suite = open_suite(None)
    kernel = suite.select(["gemm"])[0]
    variant = make_variant("isl", 2)
    experiment = Experiment(suite, [variant], Settings(dataset="SMALL"), tmp_path)
    options = experiment.polyopt_options(variant, kernel)
    assert "SMALL_DATASET" in options.defines
    if any(shutil.which(name) for name in sizes.PREPROCESSORS):
        scops, _ = find_scops(read_source(str(kernel.source)), options)
        assert scops[0].known_values == {"NI": 60, "NJ": 70, "NK": 80}


@needs_cpp
def test_missing_header_does_not_fail(tmp_path):
    text = '#include "not-here.h"\n#include <stdio.h>\n' + CHAIN
    assert _known(text, ["SMALL"], directory=tmp_path) == {"N": 60}
    assert main([str(tmp_path / "t.c"), "-D", "SMALL", "-o", str(tmp_path / "out.c")]) == 0


def test_function_argument_hint():
    text = CHAIN.replace("i < N", "i < n").replace("A[i] + n", "A[i] + 1")
    assert _known(text, ["n=500"]) == {"n": 500}
    assert _known(text) == {}          # a function argument no call passes: unknown


CALLED = """\
#define M 300
void f(int n, int m, double A[n][m]) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = A[i][j] + 1;
#pragma endscop
}
int main(void) {
  static double A[200][300];
  int n = 2 * 100, steps = 3, moved = 5;
  moved++;
  for (int t = 0; t < steps; t++)
    f(n, M, A);
  f(moved, moved, A);
  return 0;
}
"""


def test_a_function_parameter_takes_the_value_its_calls_pass():
    # a local set once to a constant, a macro argument; the second call's `moved` is
    # changed, so the first call's values hold
    assert _known(CALLED) == {"n": 200, "m": 300}
    assert _known(CALLED, ["n=50"]) == {"n": 50, "m": 300}       # the user's hint first
    changed = CALLED.replace("f(n, M, A);", "f(moved, M, A);")
    assert _known(changed) == {"m": 300}


def test_without_preprocessor_plain_defines_are_read(monkeypatch):
    monkeypatch.setattr(sizes, "PREPROCESSORS", ("polyopt-no-such-preprocessor",))
    assert _known(CHAIN) == {}                                  # several branches: unknown
    plain = "#define M 4\n#define N (M * 25)\n" + CHAIN.split("#endif\n")[1]
    assert _known(plain) == {"N": 100}


def test_slow_preprocessor_is_abandoned(monkeypatch, tmp_path):
    slow = tmp_path / "slow-cpp"
    slow.write_text("#!/bin/sh\nsleep 30\n")
    slow.chmod(0o755)
    monkeypatch.setattr(sizes, "PREPROCESSORS", (str(slow),))
    monkeypatch.setattr(sizes, "PREPROCESSOR_SECONDS", 0.5)
    sizes._predefined.cache_clear()
    start = time.monotonic()
    plain = "#define N 100\n" + CHAIN.split("#endif\n")[1]
    assert _known(plain) == {"N": 100}             # read from the #define line instead
    assert time.monotonic() - start < 10
    sizes._predefined.cache_clear()
