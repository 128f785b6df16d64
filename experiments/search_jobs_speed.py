"""What ``--jobs N`` buys a search, and where its wall time goes.

    python experiments/search_jobs_speed.py [--kernels gemm,2mm,jacobi-2d] [--budget 30]
        [--jobs 1,2] [--dataset MEDIUM] [--seed 1] [--threads 1] [--out DIRECTORY]

For each kernel of polyopt's PolyBench suite, a random search of --budget schedules is
run once per --jobs value: 0 is the search in this process (no Dask), N a local Dask
cluster of N worker processes (what ``polyopt FILE --scheduler random --jobs N`` starts).
The candidates are judged as ``polyopt polybench --variants random:N`` judges them (the
kernel time the harness prints, the arrays it dumps), with the same seed every time, so
each setting evaluates the same candidates.

Reported per kernel and setting: the cluster's start-up, the search's wall seconds, and
the seconds spent on sampling, code generation (in this process), compilation and runs
(summed over the processes that ran them: with --jobs 2 they may add up to more than
the wall time), the winner and its time. Between a setting and the first one: the
median and spread of the ratio of each candidate's first timed run (a candidate is
timed alone on the machine under the ``timing`` resource, so the times should agree
within noise). Prints a Markdown report; with --out, writes report.md and
results.json there.

This runs benchmarks: run it on a quiet machine, alone.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import platform
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from polyopt.frontend import read_source
from polyopt.polybench.experiment import DumpJudge, Experiment, Settings
from polyopt.polybench.suite import open_suite
from polyopt.polybench.variants import Variant, make_variant
from polyopt.search import Search, SearchSettings


@dataclass
class Run:
    """One search of one kernel with one --jobs value."""
    kernel: str
    jobs: int
    cluster_start_seconds: float = 0.0
    wall_seconds: float = 0.0
    phases: dict[str, float] = field(default_factory=dict)
    candidates: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    best: str = ""
    best_seconds: float | None = None
    original_seconds: float | None = None
    first_runs: dict[str, float] = field(default_factory=dict)   # candidate -> first time


def search_once(experiment: Experiment, variant: Variant, kernel, jobs: int,
                settings: SearchSettings) -> Run:
    run = Run(kernel.name, jobs)
    source = read_source(str(kernel.source))
    with contextlib.ExitStack() as stack:
        evaluator = stack.enter_context(experiment._evaluator(variant, kernel))
        strict = stack.enter_context(experiment._evaluator(variant, kernel,
                                                           [variant.no_contraction]))
        judge = DumpJudge(evaluator, kernel.source, experiment.settings.tolerance,
                          experiment.suite.dump_abs_tolerance,
                          experiment.suite.dump_environment, strict)
        cluster = None
        if jobs:
            from polyopt.search.cluster import connect
            start = time.monotonic()
            cluster = stack.enter_context(connect(jobs))
            run.cluster_start_seconds = time.monotonic() - start
        start = time.monotonic()
        result = Search(source, experiment.polyopt_options(variant, kernel), settings, judge,
                        cluster=cluster).run()
        run.wall_seconds = time.monotonic() - start
    run.phases = result.phase_seconds()
    run.candidates = len(result.candidates)
    run.counts = {status: n for status, n in result.counts().items() if n}
    run.best, run.best_seconds = result.best.name, result.best.median
    original = next((c for c in result.candidates if c.name == "original"), None)
    run.original_seconds = original.median if original is not None else None
    run.first_runs = {c.name: c.seconds[0] for c in result.candidates if c.seconds}
    return run


def agreement(base: Run, other: Run) -> str:
    """Median ratio (and range) of the candidates' first timed runs, other / base."""
    ratios = sorted(other.first_runs[name] / base.first_runs[name]
                    for name in base.first_runs.keys() & other.first_runs.keys()
                    if base.first_runs[name] > 0)
    if not ratios:
        return "-"
    return (f"{statistics.median(ratios):.3f} ({ratios[0]:.2f}-{ratios[-1]:.2f}, "
            f"{len(ratios)} candidates)")


def report(runs: list[Run], arguments: argparse.Namespace) -> str:
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [f"# Search wall time with --jobs ({when})", "",
             f"random:{arguments.budget} searches, seed {arguments.seed}, "
             f"{arguments.dataset} dataset, OMP_NUM_THREADS={arguments.threads}; "
             f"{platform.node()}, {os.cpu_count()} cores, Python {platform.python_version()}. "
             "jobs 0: in this process; N: a local Dask cluster of N worker processes. "
             "Phases are summed over processes (with jobs 2 they may exceed the wall time).",
             "", "| kernel | jobs | cluster start s | wall s | sampling s | code generation s "
             "| compilation s | runs s | candidates | best | best s | original s "
             "| first runs vs first setting |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    first: dict[str, Run] = {}
    for run in runs:
        base = first.setdefault(run.kernel, run)
        phases = run.phases
        lines.append(
            f"| {run.kernel} | {run.jobs} | {run.cluster_start_seconds:.1f} "
            f"| {run.wall_seconds:.1f} | {phases['sampling']:.1f} "
            f"| {phases['code generation']:.1f} | {phases['compilation']:.1f} "
            f"| {phases['runs']:.1f} | {run.candidates} | {run.best} "
            f"| {run.best_seconds:.4g} | {run.original_seconds or float('nan'):.4g} "
            f"| {'-' if run is base else agreement(base, run)} |")
    totals: dict[int, float] = {}
    for run in runs:
        totals[run.jobs] = totals.get(run.jobs, 0.0) + run.wall_seconds
    lines += ["", "Wall seconds over the kernels (searches alone, cluster start apart): "
              + ", ".join(f"jobs {jobs}: {seconds:.1f} s" for jobs, seconds in totals.items())]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kernels", default="gemm,2mm,jacobi-2d")
    parser.add_argument("--budget", type=int, default=30, help="schedules per search")
    parser.add_argument("--jobs", default="1,2",
                        help="comma-separated --jobs values; 0: no Dask, in this process")
    parser.add_argument("--dataset", default="MEDIUM")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="OMP_NUM_THREADS of the runs")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per run at most")
    parser.add_argument("--suite", help="a PolyBench directory (default: polyopt's own)")
    parser.add_argument("--out", type=Path, help="write report.md and results.json here")
    arguments = parser.parse_args(argv)
    jobs_values = [int(value) for value in arguments.jobs.split(",")]
    suite = open_suite(arguments.suite)
    variant = make_variant(f"random:{arguments.budget}", arguments.threads)
    if not isinstance(variant, Variant):
        print(f"random:{arguments.budget}: {variant.reason}", file=sys.stderr)
        return 1
    settings = Settings(dataset=arguments.dataset, threads=arguments.threads,
                        timeout=arguments.timeout, seed=arguments.seed, database=False)
    experiment = Experiment(suite, [variant], settings, arguments.out or Path("."))
    search_settings = SearchSettings(budget=arguments.budget, seed=arguments.seed,
                                     strategy=variant.search_strategy,
                                     timeout=arguments.timeout, use_database=False)
    runs = []
    for kernel in suite.select(arguments.kernels.split(",")):
        for jobs in jobs_values:
            run = search_once(experiment, variant, kernel, jobs, search_settings)
            print(f"{kernel.name} jobs {jobs}: {run.wall_seconds:.1f} s, "
                  + ", ".join(f"{phase} {seconds:.1f} s" for phase, seconds in run.phases.items()),
                  file=sys.stderr, flush=True)
            runs.append(run)
    text = report(runs, arguments)
    print(text)
    if arguments.out:
        arguments.out.mkdir(parents=True, exist_ok=True)
        (arguments.out / "report.md").write_text(text)
        (arguments.out / "results.json").write_text(
            json.dumps([asdict(run) for run in runs], indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
