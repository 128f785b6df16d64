"""Private scalars (polyopt.scheduler.privatize): a scalar that holds a value only within one
iteration of its outer loops no longer keeps them serial; the code keeps one copy
per thread (`private(s)`), checked on the AST read back. Checked: the spellings
that become parallel print the original's results exactly; the near misses (a
value that lives from one iteration to the next, one read after the region or
before it is written, one read through another name) stay as they were; the
checks themselves catch a schedule and an AST that break a scalar's live ranges."""

from __future__ import annotations

import islpy as isl
import pytest

from polyopt.codegen import generate_openmp
from polyopt.codegen.expressions import ExpressionPrinter
from polyopt.core.dependences import compute_dependences
from polyopt.core.errors import CodegenError
from polyopt.frontend import extract_scops
from polyopt.frontend.source import SourceFile
from polyopt.pipeline import Options, find_scops, optimize_source
from polyopt.scheduler.privatize import (expanded_dependences, keeps_live_ranges, live_ranges,
                               privatizable, scope_private_scalars)
from tests.conftest import compile_and_run, needs_gcc

PROGRAM = r"""#include <stdio.h>
#define N 600
#define M 300
double A[N][M], B[M][N], C[N][N], x[N], y[N];

void kernel(void)
{
  int i, j, k;
  double s, t;
#pragma scop
SCOP
#pragma endscop
AFTER
}

int main(void)
{
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      A[i][j] = (double) ((i * 7 + j * 3) % 11) / 11.0 - 0.4;
      B[j][i] = (double) ((i * 5 + j) % 13) / 13.0;
    }
  for (i = 0; i < N; i++) {
    x[i] = (double) (i % 4) / 4.0 - 0.3;
    y[i] = (double) (i % 3) / 3.0;
    for (j = 0; j < N; j++)
      C[i][j] = (double) ((i + j) % 5) / 5.0;
  }
  kernel();
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j += 7)
      printf("%.17g ", C[i][j]);
    printf("%.17g %.17g\n", x[i], y[i]);
  }
  return 0;
}
"""

PRIVATE = {
    # a product summed in a scalar: (i, j) both free
    "sum": """for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      s = 0;
      for (k = 0; k < M; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }""",
    # a scalar per row, read by an inner loop; a second one per element
    "row-value": """for (i = 0; i < N; i++) {
    t = x[i] * 2.0 + 1.0;
    for (j = 0; j < N; j++) {
      s = C[i][j] * t;
      C[i][j] = s + y[j] * s;
    }
  }""",
}

SHARED = {
    # the value lives from one i to the next
    "carried": """for (i = 1; i < N; i++) {
    x[i] = s + y[i];
    s = x[i] * 0.5;
  }""",
    # read before written in the SCoP: the value from before it is used
    "live-in": """for (i = 0; i < N; i++) {
    y[i] = s * x[i];
    s = y[i] + 1.0;
  }""",
}


def _program(scop: str, after: str = "") -> str:
    return PROGRAM.replace("SCOP", scop).replace("AFTER", after)


def _optimized(text: str, **options) -> str:
    return optimize_source(SourceFile("t.c", text), Options(use_database=False, **options)).text


@needs_gcc
@pytest.mark.parametrize("name,options,clause", [
    ("sum", {}, "private(s)"),         # the default's choice
    ("row-value", {"scheduler": "identity", "min_region_work": 0}, "private(s, t)")])
def test_private_scalars_free_the_loops(tmp_path, name, options, clause):
    text = _program(PRIVATE[name])
    optimized = _optimized(text, **options)
    assert f"omp parallel for {clause}" in optimized, optimized
    original, _ = compile_and_run(text, tmp_path, "original")
    parallel, _ = compile_and_run(optimized, tmp_path, "parallel")
    assert parallel == original


@needs_gcc
@pytest.mark.parametrize("name,after", [("carried", ""), ("live-in", ""),
                                        ("sum-read-after", "x[0] = s;")])
def test_shared_scalars_stay_shared(tmp_path, name, after):
    scop = SHARED.get(name, PRIVATE["sum"])
    text = _program(scop, after)
    optimized = _optimized(text, scheduler="identity", min_region_work=0)
    assert "private(" not in optimized
    original, _ = compile_and_run(text, tmp_path, "original")
    got, _ = compile_and_run(optimized, tmp_path, "optimized")
    assert got == original


def _scop(scop: str, after: str = ""):
    source = SourceFile("t.c", _program(scop, after))
    scops, _ = find_scops(source, Options())
    return source, scops[0]


def test_privatizable_gives_the_loops_each_scalar_lives_in():
    source, scop = _scop(PRIVATE["row-value"])
    names = scope_private_scalars(source, scop)
    assert names == {"s", "t"}
    assert privatizable(scop, compute_dependences(scop), names) == {"s": 2, "t": 1}
    for name in SHARED:
        source, scop = _scop(SHARED[name])
        assert privatizable(scop, compute_dependences(scop),
                            scope_private_scalars(source, scop)) == {}
    source, scop = _scop(PRIVATE["sum"], "x[0] = s;")
    assert scope_private_scalars(source, scop) == set()


def test_a_schedule_that_runs_every_first_write_first_breaks_the_live_ranges():
    _, scop = _scop(PRIVATE["sum"])
    dependences = expanded_dependences(scop, {"s": 2})
    assert dependences.live_ranges
    assert keeps_live_ranges(scop.schedule, dependences)
    # legal for the expanded program, S0 of every (i, j) before any S1: not for one s
    ctx = scop.context.get_ctx()
    apart = isl.UnionMap.read_from_str(
        ctx, "{ S0[i, j] -> [0, i, j, 0]; S1[i, j, k] -> [1, i, j, k]; S2[i, j] -> [2, i, j, 0] }"
    ).intersect_domain(scop.schedule.get_domain())
    assert not keeps_live_ranges(apart, dependences)


def test_the_ast_check_refuses_a_private_copy_that_a_value_leaves():
    """Were `s` taken private to (i, j) (its anti and output dependences dropped), the
    j loop would be parallel with a copy of `s` per thread, and x[i] would read none
    of them: the check says so and the code is refused. (privatizable takes it
    private to i only, where the code is right.)"""
    source, scop = _scop("""for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++) {
      s = C[i][j] + 1.0;
      C[i][j] = s * s;
    }
    x[i] = s;
  }""")
    dependences = compute_dependences(scop)
    assert privatizable(scop, dependences, scope_private_scalars(source, scop)) == {"s": 1}
    wrong = dependences.empty
    for (kind, array), relation in dependences.by_array.items():
        if array != "s" or kind == "flow":
            wrong = wrong.union(relation)
    with pytest.raises(CodegenError, match="a loop marked parallel runs a write of 's'"):
        generate_openmp(scop, scop.schedule, wrong, ExpressionPrinter(), min_region_work=0,
                        private=live_ranges(scop, dependences, ["s"]))
    right = expanded_dependences(scop, {"s": 1})
    nest = generate_openmp(scop, scop.schedule, right.all, ExpressionPrinter(), min_region_work=0,
                           private=right.live_ranges)
    assert "#pragma omp parallel for private(s)" in "\n".join(nest.lines)


def test_no_private_scalars_keeps_every_dependence():
    text = _program(PRIVATE["sum"])
    assert "private(" not in _optimized(text, private_scalars=False)
    assert "private(s)" in _optimized(text)


def test_isl_schedules_with_every_dependence_are_candidates_too():
    """isl's schedules for the expanded program interleave the sums' values (every
    s = 0 first); those it makes with every dependence keep them, and are
    candidates, their bands marked parallel with the expanded program's."""
    from polyopt.scheduler.candidates import candidate_schedules
    _, scop = _scop(PRIVATE["sum"])
    every = compute_dependences(scop)
    relaxed = expanded_dependences(scop, {"s": 2}, every)
    names = [candidate.name for candidate in candidate_schedules(scop, relaxed)]
    assert any(name.endswith(", scalars in order") for name in names), names
    for candidate in candidate_schedules(scop, relaxed)[1:]:
        assert keeps_live_ranges(candidate.schedule, relaxed)


@needs_gcc
@pytest.mark.parametrize("strategy", ["random", pytest.param("ga", marks=pytest.mark.slow)])
def test_searches_schedule_with_the_private_scalars_freedom(tmp_path, strategy):
    """A search samples schedules of the expanded program, keeps those that keep the
    scalars' values whole, and its program prints the original's results; the plain
    run that reuses the stored schedule makes the same code."""
    from polyopt.cli import main
    text = _program(PRIVATE["sum"]).replace("#define N 600", "#define N 60") \
        .replace("#define M 300", "#define M 40")
    source, out, database = tmp_path / "k.c", tmp_path / "out.c", tmp_path / "tuning.sqlite"
    source.write_text(text)
    assert main([str(source), "-o", str(out), "--scheduler", strategy, "--budget", "6",
                 "--seed", "3", "--db", str(database), "-q"]) == 0
    expected, _ = compile_and_run(text, tmp_path, "original")
    searched, _ = compile_and_run(out.read_text(), tmp_path, "searched")
    assert searched == expected
    plain = tmp_path / "plain.c"
    assert main([str(source), "-o", str(plain), "--db", str(database), "-q"]) == 0
    again, _ = compile_and_run(plain.read_text(), tmp_path, "plain")
    assert again == expected


def test_a_chosen_schedule_gets_private_scalars_too():
    """A search's or the tuning database's schedule (a choice), made with every
    dependence, is generated with the private scalars' parallel loops."""
    from polyopt.pipeline import render
    from polyopt.scheduler import ScheduleResult
    source, scop = _scop(PRIVATE["sum"])
    choice = ScheduleResult(scop.schedule, "the original order, chosen")
    options = Options(use_database=False, min_region_work=0)
    text = render(source, [scop], [], options, [choice]).text
    assert "#pragma omp parallel for private(s)" in text, text
    shared = render(source, [scop], [], Options(use_database=False, min_region_work=0,
                                                private_scalars=False), [choice]).text
    assert "private(" not in shared


SIZED = """void f(int n, double A[n][n], double C[n][n], double x[n])
{
  int i, j, k;
  double s;
#pragma scop
BODY
#pragma endscop
}
"""


def _run_verdict(body: str, schedule: str | None, private: dict[str, int], drop_flow=False,
                 serial=False):
    """run_checks on the AST of `schedule` (None: the original order) of a SCoP whose
    sizes are parameters, with `private`'s live ranges."""
    from polyopt.codegen.ast import PARALLEL
    from polyopt.codegen.verify import run_checks
    from tests.test_ast_check import _ast
    scop = extract_scops(SourceFile("t.c", SIZED.replace("BODY", body))).scops[0]
    dependences = expanded_dependences(scop, private)
    order = scop.schedule if schedule is None else isl.UnionMap(schedule).intersect_domain(
        scop.schedule.get_domain())
    marks = dependences.all
    if serial:          # every pair of instances dependent: no loop marked parallel
        marks = isl.UnionMap.from_domain_and_range(scop.domain(), scop.domain())
    if drop_flow:       # the loops the scalar's values cross marked parallel (wrongly)
        # i carries a dependence, j none: j marked parallel
        marks = isl.UnionMap("[n] -> { S0[i, j] -> S0[i + 1, j] }").intersect_domain(
            scop.domain()).intersect_range(scop.domain())
    return run_checks(_ast(scop, order, marks), scop.domain(), dependences.all, scop.context,
                      PARALLEL, private=dependences.live_ranges)


PRODUCT = """for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      s = 0;
      for (k = 0; k < n; k++)
        s += A[i][k] * A[k][j];
      C[i][j] = s;
    }"""


def test_the_run_check_finds_a_live_range_broken():
    """Where isl cannot tell in its budget, the code with private scalars is run at
    small sizes: a schedule legal for the expanded program that runs S0 of every
    (i, j) before any S1 breaks s's values (one copy), and the run says so."""
    right = _run_verdict(PRODUCT, None, {"s": 2})
    assert right.correct is None and right.ran > 0, right
    apart = ("[n] -> { S0[i, j] -> [0, i, j, 0]; S1[i, j, k] -> [1, i, j, k]; "
             "S2[i, j] -> [2, i, j, 0] }")
    wrong = _run_verdict(PRODUCT, apart, {"s": 2}, serial=True)
    assert wrong.correct is False and "a write of 's' runs between" in wrong.reason, wrong
    # with its loops parallel, the copies are found wrong first
    wrong = _run_verdict(PRODUCT, apart, {"s": 2})
    assert wrong.correct is False and "a loop marked parallel" in wrong.reason, wrong


def test_the_run_check_finds_a_copy_that_a_value_leaves():
    body = """for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++) {
      s = C[i][j] + 1.0;
      C[i][j] = s * s;
    }
    x[i] = s;
  }"""
    assert _run_verdict(body, None, {"s": 1}).correct is None
    wrong = _run_verdict(body, None, {"s": 1}, drop_flow=True)
    assert wrong.correct is False and "a loop marked parallel runs a write of 's'" in \
        wrong.reason, wrong


OPENING = """#include <stdio.h>
#ifndef R
#define R 1000
#endif
#ifndef C
#define C 1400
#endif
static int In[R][C], Grown[R][C], Out[R][C];
int main(void)
{
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      In[r][c] = (r * 29 + c * 13) % 31 + ((r * 7 + c * 3) % 97 == 0 ? 150 : 0);
#pragma scop
  for (int r = 3; r < R - 3; r++)
    for (int c = 3; c < C - 3; c++) {
      int top = In[r][c];
      for (int a = -3; a <= 3; a++)
        for (int b = -3; b <= 3; b++)
          top = In[r + a][c + b] > top ? In[r + a][c + b] : top;
      Grown[r][c] = top;
    }
  for (int r = 6; r < R - 6; r++)
    for (int c = 6; c < C - 6; c++) {
      int low = Grown[r][c];
      for (int a = -3; a <= 3; a++)
        for (int b = -3; b <= 3; b++)
          low = Grown[r + a][c + b] < low ? Grown[r + a][c + b] : low;
      Out[r][c] = low;
    }
#pragma endscop
  long total = 0;
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      total += (long)Out[r][c] * (1 + (r * 5 + c) % 11);
  printf("%ld\\n", total);
  return 0;
}
"""


@needs_gcc
def test_versioned_code_with_private_scalars_is_checked_by_its_code_for_every_size(tmp_path):
    """Code generated for large sizes only (versioned) has too many instances to run;
    the code of the same schedule for every size is run in its place, and its AST (a
    window filter's, with many cases) gets a budget of its own: without one the check
    could not tell, and the SCoP went back to serial code with every dependence."""
    optimized = _optimized(OPENING, expansion=False)      # (the scalars kept scalars)
    assert "omp parallel for" in optimized and "private(" in optimized, optimized
    original, _ = compile_and_run(OPENING, tmp_path, "original")
    parallel, _ = compile_and_run(optimized, tmp_path, "parallel")
    assert parallel == original


def test_tiles_that_break_a_live_range_leave_the_schedule_untiled(monkeypatch):
    """Where the tiled schedule would interleave a private scalar's values but the
    schedule itself keeps them, the schedule runs untiled (private copies and their
    parallel loops kept), instead of scheduling again with every dependence."""
    from polyopt.pipeline import schedule as pipeline_schedule
    _, scop = _scop(PRIVATE["sum"])
    dependences = expanded_dependences(scop, {"s": 2})
    ctx = scop.context.get_ctx()
    apart = isl.UnionMap.read_from_str(
        ctx, "{ S0[i, j] -> [0, i, j, 0]; S1[i, j, k] -> [1, i, j, k]; S2[i, j] -> [2, i, j, 0] }"
    ).intersect_domain(scop.schedule.get_domain())
    interleaved = isl.Schedule.from_domain(scop.schedule.get_domain()).insert_partial_schedule(
        isl.MultiUnionPwAff.from_union_map(apart))
    monkeypatch.setattr(pipeline_schedule, "tiled", lambda *args, **kwargs: interleaved)
    scheduled = pipeline_schedule.schedule_scop(scop, Options(scheduler="identity"), dependences)
    assert keeps_live_ranges(scheduled.schedule, dependences)
    assert scheduled.schedule.get_map().is_equal(scheduled.untiled.get_map())
    assert not scheduled.tiling.bands
