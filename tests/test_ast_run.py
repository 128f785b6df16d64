"""codegen.verify.run_check: the generated AST run at fixed parameter values, where the
parametric check (check_ast) cannot tell; and the pipeline's answers when the run
finds the code of a tiled schedule wrong (the flat map's code, else the untiled one)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import islpy as isl
import pytest

import polyopt.codegen.openmp as codegen
from polyopt.codegen.ast import PARALLEL
from polyopt.codegen.verify import AstCheck, parameter_samples, run_check, run_checks
from polyopt.frontend import extract_scops
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, render, schedule_scop
from polyopt.scheduler.base import ScheduleResult
from tests.conftest import GCC, needs_gcc
from tests.test_ast_check import BUGS, RECURRENCE, _ast, _scheduled, _scop
from tests.test_isl_ast_bug import DATA

N = {"n": 6}


def test_the_original_order_runs_right():
    scop, dependences = _scop(RECURRENCE)
    root = _ast(scop, scop.schedule, dependences)
    assert run_check(root, scop.domain(), dependences, N, PARALLEL).correct is True


def test_a_reversed_loop_runs_a_dependence_backwards():
    scop, dependences = _scop(RECURRENCE)
    reversed_order = isl.UnionMap("[n] -> { S0[i] -> [-i] }").intersect_domain(scop.domain())
    verdict = run_check(_ast(scop, reversed_order), scop.domain(), dependences, N, PARALLEL)
    assert verdict.correct is False
    assert verdict.reason == "it runs a dependence's target before or with its source (with n = 6)"


def test_a_missing_instance_is_named_with_the_values_run():
    scop, dependences = _scop(RECURRENCE)
    part = scop.domain().intersect(isl.UnionSet("[n] -> { S0[i] : i >= 2 }"))
    verdict = run_check(_ast(scop, scop.schedule.intersect_domain(part)), scop.domain(),
                        dependences, N, PARALLEL)
    assert verdict == AstCheck(False, "it does not execute S0[1] (with n = 6)")


def test_extra_and_repeated_instances_are_found():
    scop, dependences = _scop(RECURRENCE)
    larger = isl.UnionMap("[n] -> { S0[i] -> [i] : 0 <= i < n }")
    verdict = run_check(_ast(scop, larger), scop.domain(), dependences, N, PARALLEL)
    assert verdict == AstCheck(False, "it executes S0[0], which is not in the domain "
                                      "(with n = 6)")
    twice = isl.UnionMap("[n] -> { S0[i] -> [t, j] : t = i + j and 0 <= j <= 1 }")
    verdict = run_check(_ast(scop, twice.intersect_domain(scop.domain())), scop.domain(),
                        dependences, N, PARALLEL)
    assert verdict.correct is False and "more than once" in verdict.reason


def test_a_parallel_mark_on_a_carrying_loop_is_found_by_running():
    scop, dependences = _scop(RECURRENCE)
    root = _ast(scop, scop.schedule, isl.UnionMap.empty(dependences.get_space()))
    verdict = run_check(root, scop.domain(), dependences, N, PARALLEL)
    assert verdict == AstCheck(False, "a loop marked parallel carries a dependence (with n = 6)")
    assert run_check(root, scop.domain(), dependences, N, None).correct is True


def test_truncating_division_as_c_prints_it():
    """isl's `pdiv_q`/`zdiv_r` are printed as C's `/` and `%`: a tiled loop over
    negative values is run with C's truncation, as the program runs it."""
    scop, dependences = _scop("""
void f(int n, double a[n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    a[i] = a[i] + 1.0;
#pragma endscop
}
""")
    shifted = isl.UnionMap("[n] -> { S0[i] -> [t, j] : t = 4 * floor((i - n) / 4) and "
                           "j = i - n - t }").intersect_domain(scop.domain())
    root = _ast(scop, shifted, dependences)
    for n in range(0, 10):
        assert run_check(root, scop.domain(), dependences, {"n": n}, PARALLEL).correct is True


def test_parameter_samples_respect_the_context():
    assert parameter_samples(isl.Set("[n] -> { : n >= 5 }"), 3) == [{"n": 5}, {"n": 6}, {"n": 7}]
    for values in parameter_samples(isl.Set("[m, n] -> { : m > n + 2 and n >= 0 }"), 6):
        assert values["m"] > values["n"] + 2 and values["n"] >= 0
    # versioned tiled code is generated for the sizes it assumes: the least of them first
    assert parameter_samples(isl.Set("[N, T] -> { : N >= 64 and T >= 60 }"), 2, (32,)) == \
        [{"N": 64, "T": 60}, {"N": 65, "T": 61}]
    assert parameter_samples(isl.Set("[n] -> { : }"), 13, (4,))[9:] == \
        [{"n": 9}, {"n": 10}, {"n": 11}, {"n": 12}]
    assert parameter_samples(isl.Set("{ : }"), 5) == [{}]
    assert parameter_samples(isl.Set("[n] -> { : false }"), 5) == []


def test_run_checks_stop_at_the_events_they_may_spend(monkeypatch):
    scop, dependences = _scop(RECURRENCE)
    root = _ast(scop, scop.schedule, dependences)
    verdict = run_checks(root, scop.domain(), dependences, scop.context, PARALLEL)
    assert verdict.correct is None                 # right at every value: not a proof
    assert verdict.reason.startswith("right when run with (n) = (0), (1), (2), ...")
    # events: a loop iteration and a statement instance each, and a dependent pair:
    # n = 3 takes 2 + 2 + 1, n = 4 takes 3 + 3 + 2
    monkeypatch.setattr("polyopt.codegen.verify.RUN_EVENTS", 5)
    verdict = run_checks(root, scop.domain(), dependences, scop.context, PARALLEL)
    assert verdict.reason == "right when run with (n) = (0), (1), (2), ... (4 choices)"
    monkeypatch.setattr("polyopt.codegen.verify.RUN_EVENTS", 100)
    monkeypatch.setattr("polyopt.codegen.verify.RUN_TOTAL_EVENTS", 3)
    verdict = run_checks(root, scop.domain(), dependences, scop.context, PARALLEL)
    assert verdict.reason == "right when run with (n) = (0), (1), (2) (3 choices)"


@pytest.mark.parametrize("kernel,name", BUGS[:3])
def test_isl_tree_bug_is_found_by_running(kernel, name):
    """The trees of tests/data/isl-ast-bug that check_ast proves wrong are found wrong by
    running them at small sizes too."""
    source, schedule = _scheduled(kernel, name)
    scop = extract_scops(source).scops[0]
    scheduled = schedule_scop(scop, Options(tile_sizes=[32]), None,
                              ScheduleResult(schedule, "reproducer"))
    root = _ast(scop, scheduled.schedule, scheduled.dependences.all)
    verdict = run_checks(root, scheduled.schedule.get_domain(), scheduled.dependences.all,
                         scop.context, PARALLEL)
    assert verdict.correct is False, verdict.reason
    assert verdict.reason.startswith("it does not execute ")


def _output(text: str, directory: Path, name: str) -> str:
    source = directory / f"{name}.c"
    source.write_text(text)
    build = subprocess.run([GCC, "-O1", "-fopenmp", str(source), "-o", str(directory / name),
                            "-lm"], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    return subprocess.run([str(directory / name)], capture_output=True, text=True,
                          timeout=60, env={"OMP_NUM_THREADS": "2"}).stdout


TILED = """#include <stdio.h>
double a[40][40];
void f(int n) {
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      a[i][j] = a[i - 1][j] + a[i][j - 1] * 0.5;
#pragma endscop
}
int main(void) {
  for (int i = 0; i < 40; i++) for (int j = 0; j < 40; j++) a[i][j] = (i * 7 + j) % 5;
  f(37);
  double s = 0; for (int i = 0; i < 40; i++) for (int j = 0; j < 40; j++) s += a[i][j] * (i + 1);
  printf("%.17g\\n", s);
  return 0;
}
"""


@needs_gcc
def test_code_that_runs_wrong_at_small_sizes_is_generated_untiled(monkeypatch, tmp_path):
    """Where the tiled tree's code and its flat map's both run wrong, the SCoP is
    generated from its untiled schedule, with a warning, and its summary says so."""
    def wrong_where_tiled(root, domain, check, context, private, for_all_sizes=None):
        return AstCheck(False, "it does not execute S0[1, 1] (with n = 2)")

    monkeypatch.setattr(codegen, "_checked", wrong_where_tiled)
    source = SourceFile("t.c", TILED)
    scops = extract_scops(source).scops
    result = render(source, scops, [], Options(scheduler="identity", tile_sizes=[4]), [None])
    assert any("isl generated wrong code for the schedule" in w
               and w.endswith("generated untiled instead") for w in result.warnings), \
        result.warnings
    assert "isl's code of its tiles was wrong: untiled; not tiled" in result.text
    assert _output(result.text, tmp_path, "untiled") == _output(TILED, tmp_path, "original")


@needs_gcc
@pytest.mark.slow
@pytest.mark.parametrize("name,tile", [("window-max.c", 2), ("window-max.c", 4),
                                       ("stencil27-scalar.c", 8)])
def test_window_programs_are_right(name, tile, tmp_path):
    """A 3x3x3 window reduced into a scalar with small tiles: isl's AST of the tiled tree
    (and, with tiles of 2, of its flat map) drops instances, and the parametric check
    runs out of its budget; running the AST at small sizes finds it wrong."""
    text = (DATA / name).read_text()
    source = SourceFile(name, text)
    result = render(source, extract_scops(source).scops, [], Options(tile_sizes=[tile]), [None])
    assert any("isl generated wrong code" in w and "(with n = " in w for w in result.warnings), \
        result.warnings
    assert _output(result.text, tmp_path, "optimized") == _output(text, tmp_path, "original")


JACOBI = """#include <stdio.h>
double A[40][40], B[40][40];
void jac(int tsteps, int n) {
#pragma scop
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][j+1] + A[i+1][j] + A[i-1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j-1] + B[i][j+1] + B[i+1][j] + B[i-1][j]);
  }
#pragma endscop
}
int main(void) {
  for (int i = 0; i < 40; i++) for (int j = 0; j < 40; j++) A[i][j] = (i * 7 + j * 3) % 11;
  jac(13, 37);
  double s = 0; for (int i = 0; i < 40; i++) for (int j = 0; j < 40; j++) s += A[i][j] * (1 + (i * 3 + j) % 7);
  printf("%.17g\\n", s);
  return 0;
}
"""


def test_time_tiled_code_is_run_at_small_sizes():
    """Time tiles, which the parametric check is not tried on, are run: the sizes are
    parameters here, so small values can be run (and the code is right at them)."""
    source = SourceFile("jacobi.c", JACOBI)
    scop = extract_scops(source).scops[0]
    scheduled = schedule_scop(scop, Options(time_tile="diamond"))
    assert scheduled.time_tiled
    every = scheduled.dependences.all
    verdict = run_checks(_ast(scop, scheduled.schedule, every), scheduled.schedule.get_domain(),
                         every, scop.context, PARALLEL)
    assert verdict.correct is None
    assert verdict.reason.startswith("right when run with (n, tsteps) = (0, 0), (1, 1)")


@needs_gcc
def test_time_tiled_code_that_runs_wrong_is_generated_untiled(monkeypatch, tmp_path):
    monkeypatch.setattr(codegen, "run_checks",
                        lambda *args: AstCheck(False, "it does not execute S0[0, 1, 1] "
                                                      "(with n = 3, tsteps = 1)"))
    source = SourceFile("jacobi.c", JACOBI)
    result = render(source, extract_scops(source).scops, [], Options(time_tile="diamond"), [None])
    assert any(w.endswith("generated untiled instead") for w in result.warnings), result.warnings
    assert _output(result.text, tmp_path, "untiled") == _output(JACOBI, tmp_path, "original")


SEIDEL = """#include <stdio.h>
#include <stdlib.h>
#define TSTEPS 130
#define N 150
static double A[N][N];
static void seidel(void) {
  int t, i, j;
#pragma scop
  for (t = 0; t <= TSTEPS - 1; t++)
    for (i = 1; i <= N - 2; i++)
      for (j = 1; j <= N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                   + A[i][j - 1] + A[i][j] + A[i][j + 1]
                   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
#pragma endscop
}
int main(void) {
  srand(1);
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) A[i][j] = rand() / (double) RAND_MAX;
  seidel();
  double s = 0; for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) s += A[i][j] * (1 + (i * 3 + j) % 7);
  printf("%.10g\\n", s);
  return 0;
}
"""


def test_versioned_code_for_large_sizes_is_judged_by_its_code_for_every_size(monkeypatch):
    """GA_C's winner on seidel-2d in the LARGE sweep (tests/data/isl-ast-bug/
    seidel-2d-ga-c.isl, tiled 128x8) drops instances; its code for N, TSTEPS >= 128 is
    too large to run, and PolyBench's own data is a fixed point of the stencil, so
    running the program could not show it. Where the parametric check cannot tell
    (here made so), the same schedule's code for every size is run: wrong at N = 3."""
    from polyopt.codegen.ast import build_ast
    from polyopt.codegen.versioning import assumed_context

    source = SourceFile("seidel.c", SEIDEL)
    scop = extract_scops(source).scops[0]
    schedule = isl.Schedule.read_from_str(isl.DEFAULT_CONTEXT,
                                          (DATA / "seidel-2d-ga-c.isl").read_text())
    scheduled = schedule_scop(scop, Options(), None,
                              ScheduleResult(schedule, "GA_C's winner", tile_sizes=[[128, 8]]))
    every = scheduled.dependences.all
    assumed = assumed_context(scop, {"N": 128, "TSTEPS": 128})
    domain = scheduled.schedule.get_domain()
    root = build_ast(scheduled.schedule, assumed, every).root
    monkeypatch.setattr(codegen, "check_ast", lambda *args: AstCheck(None, "out of budget"))
    assert run_checks(root, domain, every, assumed, PARALLEL).reason.startswith("more than")
    assert codegen._checked(root, domain, every, assumed, None).correct is None

    def for_all_sizes():
        return build_ast(scheduled.schedule, scop.context, every).root, scop.context

    verdict = codegen._checked(root, domain, every, assumed, None, for_all_sizes)
    assert verdict.correct is False
    assert verdict.reason.endswith("(with N = 3, TSTEPS = 3), in its code for every size")
