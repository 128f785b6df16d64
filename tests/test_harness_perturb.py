"""The harness's perturbed data (HARNESS_PERTURB): verification runs of the own suite
start from data that is not a fixed point of the kernel. PolyBench's seidel-2d data is
bilinear, which its 3 x 3 average leaves as it is: a program that skips updates printed
the same arrays and passed the search's verification (a GA winner, 15x "faster")."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from polyopt.evaluator import Evaluator
from polyopt.polybench.experiment import DumpJudge, compare_dumps, finite, parse_dumps
from polyopt.polybench.suite import own_suite
from polyopt.search.statuses import OK, WRONG
from tests.conftest import needs_gcc

SUITE = Path(__file__).resolve().parents[1] / "polybench"
GCC = shutil.which("gcc")
PERTURBED = own_suite(SUITE).dump_environment


def _build(source: Path, directory: Path, dataset: str = "MINI") -> Path:
    executable = directory / f"{source.stem}-{dataset}"
    subprocess.run([GCC, "-O2", f"-I{SUITE}", f"-D{dataset}_DATASET", str(source),
                    str(SUITE / "harness.c"), "-o", str(executable), "-lm"], check=True)
    return executable


def _dumps(executable: Path, environment: dict[str, str]) -> dict:
    run = subprocess.run([str(executable)], capture_output=True, timeout=60, check=True,
                         env={**os.environ, **environment})
    return parse_dumps(run.stderr)


def _skipping_a_sweep(directory: Path) -> Path:
    """seidel-2d without its last time step: wrong, yet right on PolyBench's data."""
    text = (SUITE / "kernels" / "seidel-2d.c").read_text()
    assert "t <= TSTEPS - 1; t++" in text
    wrong = directory / "seidel-2d.c"
    wrong.write_text(text.replace("t <= TSTEPS - 1; t++", "t <= TSTEPS - 2; t++"))
    return wrong


def test_the_suite_verifies_from_perturbed_data():
    assert PERTURBED == {"HARNESS_DUMP": "1", "HARNESS_PERTURB": "1"}


@needs_gcc
def test_perturbed_data_is_deterministic_and_differs(tmp_path):
    executable = _build(SUITE / "kernels" / "seidel-2d.c", tmp_path)
    plain = _dumps(executable, {"HARNESS_DUMP": "1"})
    first, second = _dumps(executable, PERTURBED), _dumps(executable, PERTURBED)
    assert finite(first)
    assert compare_dumps(first, second, 0.0, 0.0)[0] == "exact"
    verdict, error, _ = compare_dumps(plain, first, 1e-6, 0.0)
    assert verdict == "wrong" and error > 1e-5


@needs_gcc
def test_a_program_right_only_on_a_fixed_point_is_found_wrong(tmp_path):
    original = _build(SUITE / "kernels" / "seidel-2d.c", tmp_path)
    (tmp_path / "wrong").mkdir()
    wrong = _build(_skipping_a_sweep(tmp_path), tmp_path / "wrong")
    plain = {"HARNESS_DUMP": "1"}
    # PolyBench's data hides it: within the suite's tolerance without the perturbation
    assert compare_dumps(_dumps(original, plain), _dumps(wrong, plain), 1e-6, 0.0)[0] != "wrong"
    assert compare_dumps(_dumps(original, PERTURBED), _dumps(wrong, PERTURBED),
                         1e-6, 0.0)[0] == "wrong"


@needs_gcc
@pytest.mark.parametrize("environment, status", [(PERTURBED, WRONG),
                                                  ({"HARNESS_DUMP": "1"}, OK)])
def test_the_search_judge_uses_the_perturbed_data(tmp_path, environment, status):
    source = SUITE / "kernels" / "seidel-2d.c"
    build = shlex.join([GCC, "-O2", f"-I{SUITE}", "-DMINI_DATASET", "{src}",
                        str(SUITE / "harness.c"), "-o", "{exe}", "-lm"])
    with Evaluator(build, repeat=1, warmup=0) as evaluator:
        judge = DumpJudge(evaluator, source, 1e-6, 0.0, environment)
        judge.start(source.read_text())
        measured = judge.measure(_skipping_a_sweep(tmp_path).read_text(), "skips a sweep", 60)
    assert measured.status == status, measured.detail


@needs_gcc
def test_a_kernel_whose_perturbed_output_is_not_finite_is_judged_on_its_own_data(tmp_path):
    """A factorization the perturbation breaks (here: a square root of a number the
    perturbation can make negative) is verified from the data as written."""
    program = tmp_path / "root.c"
    program.write_text('#include "harness.h"\n'
                       "int main(void) {\n"
                       "  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[64]));\n"
                       "  for (int i = 0; i < 64; i++) x[i] = (i % 2) * 1e-3;\n"
                       "  harness_start();\n"
                       "  for (int i = 0; i < 64; i++) x[i] = sqrt(x[i]) + i;\n"
                       "  harness_stop(); harness_print_time();\n"
                       '  HARNESS_DUMP_ARRAY("x", x, 64);\n'
                       "  free(x); return 0;\n}\n")
    executable = _build(program, tmp_path)
    assert not finite(_dumps(executable, PERTURBED))
    build = shlex.join([GCC, "-O2", f"-I{SUITE}", "-DMINI_DATASET", "{src}",
                        str(SUITE / "harness.c"), "-o", "{exe}", "-lm"])
    with Evaluator(build, repeat=1, warmup=0) as evaluator:
        judge = DumpJudge(evaluator, program, 1e-6, 0.0, PERTURBED)
        judge.start(program.read_text())
        assert judge.run_environment == {"HARNESS_DUMP": "1"}
        assert judge.measure(program.read_text(), "the same", 60).status == OK


@needs_gcc
@pytest.mark.parametrize("kernel", ["nussinov", "cholesky", "floyd-warshall"])
def test_kernels_with_other_blocks_run_perturbed(tmp_path, kernel):
    """nussinov's char sequence and the temporaries cholesky's initialization frees
    are not perturbed (harness_alloc_unperturbed); an int kernel's data is."""
    executable = _build(SUITE / "kernels" / f"{kernel}.c", tmp_path)
    perturbed = _dumps(executable, PERTURBED)
    assert perturbed and finite(perturbed)
    assert compare_dumps(_dumps(executable, {"HARNESS_DUMP": "1"}), perturbed,
                         1e-6, 0.0)[0] == "wrong"


@needs_gcc
def test_a_block_freed_before_the_kernel_is_not_perturbed(tmp_path):
    """cholesky, lu and ludcmp free temporaries of their initialization: a large
    block is unmapped when freed, and perturbing it crashed the program."""
    program = tmp_path / "freed.c"
    program.write_text('#include "harness.h"\n'
                       "int main(void) {\n"
                       "  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[64]));\n"
                       "  DATA_TYPE *t = harness_alloc(sizeof(DATA_TYPE[1 << 24]));\n"
                       "  for (int i = 0; i < 64; i++) x[i] = i + 1;\n"
                       "  free(t);\n"
                       "  harness_start();\n"
                       "  harness_stop(); harness_print_time();\n"
                       '  HARNESS_DUMP_ARRAY("x", x, 64);\n'
                       "  free(x); return 0;\n}\n")
    executable = _build(program, tmp_path)
    perturbed = _dumps(executable, PERTURBED)    # (check=True: it must not crash)
    assert compare_dumps(_dumps(executable, {"HARNESS_DUMP": "1"}), perturbed,
                         1e-6, 0.0)[0] == "wrong"


SENSITIVE = """#include "harness.h"
int main(void) {
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[64]));
  for (int i = 0; i < 64; i++) x[i] = i + 1;
  harness_start();
  for (int i = 0; i < 64; i++) x[i] = 3 * x[i];
#ifdef STRICT    /* as an ill-conditioned kernel whose perturbed data shows its rounding */
  if (getenv("HARNESS_PERTURB") != NULL)
    for (int i = 0; i < 64; i++) x[i] *= 1 + SHIFT;
#endif
  harness_stop(); harness_print_time();
  HARNESS_DUMP_ARRAY("x", x, 64);
  free(x); return 0;
}
"""


@needs_gcc
@pytest.mark.parametrize("shift, environment", [("1e-7", {"HARNESS_DUMP": "1"}),
                                                ("1e-10", PERTURBED)])
def test_a_kernel_ill_conditioned_on_perturbed_data_is_judged_on_its_own(tmp_path, shift,
                                                                          environment):
    """lu's perturbed matrix is ill-conditioned: its output built with and without
    FMA contraction differs by 8e-7 (1e-12 from its own data), and every candidate
    would be built and run twice. Beyond a hundredth of the tolerance the search
    verifies from the kernel's own data."""
    program = tmp_path / "sensitive.c"
    program.write_text(SENSITIVE)

    def command(*flags):
        return shlex.join([GCC, "-O2", *flags, f"-I{SUITE}", "{src}", str(SUITE / "harness.c"),
                           "-o", "{exe}", "-lm"])
    with Evaluator(command(), repeat=1, warmup=0) as evaluator, \
            Evaluator(command("-DSTRICT", f"-DSHIFT={shift}"), repeat=1, warmup=0) as strict:
        judge = DumpJudge(evaluator, program, 1e-6, 0.0, PERTURBED, strict)
        judge.start(SENSITIVE)
        assert judge.run_environment == environment
        assert judge.measure(SENSITIVE, "the same", 60).status == OK
