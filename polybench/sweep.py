"""``polyopt polybench [KERNELS...]``: the experiment runner's command line."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path

from polyopt import argtypes

from polyopt.core import interrupt
from polyopt.core.errors import PolyoptError, UsageError
from polyopt.polybench.experiment import OK, Experiment, Settings
from polyopt.polybench.report import (RunInfo, compiler_version, summary_line, write_plot,
                                      write_report)
from polyopt.polybench.suite import DATASETS, open_suite
from polyopt.polybench.variants import default_threads, known_variants, make_variants


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="polyopt polybench",
        description="Optimize every kernel of a PolyBench suite with every variant, check "
                    "each against the gcc -O3 -march=native build of the original, time them "
                    "side by side, and write results.csv, report.md and speedup.png.")
    parser.add_argument("kernels", nargs="*", help="kernel names (default: all of the suite)")
    parser.add_argument("--dataset", default="LARGE", type=str.upper, choices=DATASETS,
                        help="PolyBench dataset size (default: LARGE)")
    parser.add_argument("--variants", default="gcc,auto,isl,identity-omp",
                        help="comma-separated, from: " + ", ".join(known_variants()) +
                             " (default: gcc,auto,isl,identity-omp; gcc, the baseline, is always run)")
    parser.add_argument("--repeat", type=argtypes.positive_int, default=5, help="timed runs per variant, the verification run included (default: 5)")
    parser.add_argument("--timeout", type=argtypes.positive_float, default=300.0,
                        help="seconds before a run or a source-to-source tool is killed "
                             "(default: 300)")
    parser.add_argument("--build-timeout", type=argtypes.positive_float, default=300.0,
                        help="seconds before a compilation is killed (default: 300)")
    parser.add_argument("--threads", type=argtypes.positive_int, default=default_threads(),
                        help="OMP_NUM_THREADS for every run (default: $OMP_NUM_THREADS or all cores)")
    parser.add_argument("--tolerance", type=argtypes.nonnegative_float, default=1e-6,
                        help="relative error allowed where a variant's output is not bit-identical "
                             "(default: 1e-6)")
    parser.add_argument("--no-verify", dest="verify", action="store_false",
                        help="do not dump and compare the arrays: every run is only timed "
                             "(saves the dumps' time at LARGE; verify the same variants at "
                             "the same dataset in another run)")
    parser.add_argument("--suite", metavar="DIR",
                        help="a PolyBench/C 4.2.1 checkout (used as it is) or a polyopt suite "
                             "directory (default: polyopt's own suite)")
    parser.add_argument("--out", default="polybench-results", metavar="DIR",
                        help="where results.csv, report.md and speedup.png go "
                             "(default: ./polybench-results)")
    parser.add_argument("--seed", type=int, help="random seed of random:N and ga:N searches")
    parser.add_argument("--db", metavar="PATH",
                        help="tuning database of random:N and ga:N searches (default: "
                             "$POLYOPT_DB, else tuning.sqlite in ~/.local/share/polyopt)")
    parser.add_argument("--no-db", action="store_true",
                        help="random:N and ga:N searches neither read nor write a tuning database")
    parser.add_argument("--classifier-model", metavar="MODEL",
                        help="the model of ga-c:N and ga-guard:N (default: the shipped one, "
                             "trained on this suite's kernels); '{kernel}' in it is replaced by "
                             "each kernel's name, for models trained without that kernel "
                             "('polyopt model train --leave-out KERNEL')")
    parser.add_argument("--resume", action="store_true",
                        help="keep the kernels a previous run in --out finished and run the rest "
                             "(the same variants and settings are assumed); the searches it "
                             "finished for a kernel it did not are kept too, and timed again "
                             "with the other variants")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=argtypes.positive_int, metavar="N",
                       help="run kernels on a local Dask cluster of N worker processes, one "
                            "kernel timed at a time (its variants stay together)")
    where.add_argument("--cluster", metavar="ADDRESS",
                       help="run kernels on the workers of the Dask scheduler at ADDRESS, one "
                            "kernel at a time per worker with the 'timing' resource (see the "
                            "README); searches there use no tuning database")
    parser.add_argument("--list", action="store_true", help="list the suite's kernels and exit")
    parser.add_argument("--keep", action="store_true", help="keep build directories")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more log output")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    return parser


def _check_models(model: str | None, variants, kernels) -> None:
    """--classifier-model: used by a classifier variant, and a file for every kernel
    (before hours of sweeping find one missing)."""
    if model is None:
        return
    if not any(v.search_classifier for v in variants):
        raise UsageError("--classifier-model is for the ga-c:N and ga-guard:N variants")
    for kernel in kernels:
        path = Path(model.replace("{kernel}", kernel.name))
        if not path.is_file():
            raise UsageError(f"--classifier-model: no model file '{path}' for {kernel.name}")


def run(argv: list[str]) -> int:
    from tqdm import tqdm
    args = parser().parse_args(argv)
    if args.repeat < 1 or args.threads < 1 or args.timeout <= 0 or args.tolerance < 0:
        raise UsageError("--repeat and --threads must be at least 1, --timeout positive, "
                         "--tolerance not negative")
    suite = open_suite(args.suite)
    if args.list:
        print("\n".join(kernel.name for kernel in suite.kernels))
        return 0
    kernels = suite.select(args.kernels)
    specs = [spec for spec in args.variants.split(",") if spec.strip()]
    variants, unavailable = make_variants(specs, args.threads)
    for skipped in unavailable:
        print(f"polyopt polybench: skipping variant '{skipped.name}': {skipped.reason}",
              file=sys.stderr)
    settings = Settings(args.dataset, args.repeat, args.timeout, args.threads, args.tolerance,
                        args.keep, args.seed, False if args.no_db else args.db, args.verify,
                        args.build_timeout, args.classifier_model, args.resume)
    _check_models(args.classifier_model, variants, kernels)
    out_dir = Path(args.out)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise PolyoptError(f"--out {args.out}: cannot make the results directory: "
                         f"{error.strerror or error}") from None
    experiment = Experiment(suite, variants, settings, out_dir)
    info = RunInfo(shlex.join(["polyopt", "polybench", *argv]), suite.description, suite.harness,
                   args.dataset, args.repeat, args.threads, args.tolerance,
                   [(v.name, v.description) for v in variants],
                   [(u.name, u.reason) for u in unavailable], timeout=args.timeout,
                   verified=args.verify)
    compilers = sorted({compiler_version(v.compiler[0]) for v in variants})
    start = time.perf_counter()
    earlier = 0.0
    state = out_dir / "sweep.json"
    if args.resume:
        done = experiment.resume()
        kernels = [k for k in kernels if k.name not in done]
        if state.is_file() and done:
            earlier = json.loads(state.read_text()).get("wall_seconds", 0.0)
        if done:
            print(f"polyopt polybench: resuming: {len(done)} kernel(s) already done", file=sys.stderr)
    cluster = None
    if args.jobs or args.cluster:
        from polyopt.search.cluster import connect
        cluster = connect(args.jobs, args.cluster)
    experiment.open_csv(append=args.resume)
    status = 0

    def after_kernel() -> None:
        # kept after each kernel, so that a killed run still resumes with its time
        state.write_text(json.dumps({"wall_seconds": earlier + time.perf_counter() - start}))
    try:
        if cluster is not None:
            from polyopt.polybench.spread import run_kernels
            suite_path = str(Path(args.suite).resolve()) if args.suite else None
            with tqdm(total=len(kernels), unit="kernel", disable=True if args.quiet else None,
                      file=sys.stderr) as progress:
                run_kernels(cluster, experiment, kernels, suite_path, args.threads, progress,
                            after_kernel)
        else:
            with tqdm(kernels, unit="kernel", disable=True if args.quiet else None,
                      file=sys.stderr) as progress:
                for kernel in progress:
                    experiment.run_kernel(kernel, progress)
                    after_kernel()
    except KeyboardInterrupt:
        info.interrupted, status = True, interrupt.exit_status()
        print("polyopt polybench: interrupted; writing what was measured", file=sys.stderr)
    finally:
        if cluster is not None:
            cluster.close()
        experiment.close_csv()
        info.wall_seconds = earlier + time.perf_counter() - start
        state.write_text(json.dumps({"wall_seconds": info.wall_seconds}))
        names = [v.name for v in variants]
        write_report(out_dir / "report.md", info, experiment.results, compilers)
        plotted = write_plot(out_dir / "speedup.png", experiment.results, names)
    print(summary_line(experiment.results, names))
    print(f"results in {out_dir}/: results.csv, report.md" + (", speedup.png" if plotted else ""))
    if status == 0 and any(o.status != OK for o in experiment.results):
        status = 1
    return status
