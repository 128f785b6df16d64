"""Kernel times of several builds of the suite's kernels, side by side in one run:
each a polyopt command line (or the kernel as written), built once with
`gcc -O3 -march=native -fopenmp`, then run --repeat times in turns (one run of each
build per round, so that a slow spell of the machine falls on all alike), with
OMP_NUM_THREADS = OPENBLAS_NUM_THREADS = --threads. Every build's output is
checked against the kernel as written (HARNESS_DUMP of builds without FMA contraction,
within --tolerance, relative).

    python experiments/side_by_side.py deriche symm --dataset LARGE --repeat 9 \\
        --build "default=" --build "no private scalars=--no-private-scalars"

`--build NAME=FLAGS`: polyopt with FLAGS (a build named "gcc" with no flags is
the kernel as written, always first: the ratios are against it). Prints a
Markdown table of median kernel times (the harness's timer: one cold call, as
PolyBench times it), their spreads ((max - min) / median) and speedups over gcc.
Run it alone on the machine.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from polyopt.evaluator import NO_CONTRACTION

POLYBENCH = Path(__file__).resolve().parents[1] / "polybench"   # the suite: harness, kernels/


def build(source: Path, executable: Path, dataset: str, libraries=()) -> None:
    """The timed build, and beside it (`executable`.check) the same without FMA
    contraction, whose arrays are compared (contraction rounds differently wherever
    the order of operations changed: gramschmidt's outputs drift past 1e-9 with it)."""
    for path, extra in ((executable, []), (checked(executable), [NO_CONTRACTION])):
        subprocess.run(["gcc", "-O3", "-march=native", "-fopenmp", *extra,
                        f"-D{dataset}_DATASET", f"-I{POLYBENCH}", str(source),
                        str(POLYBENCH / "harness.c"), "-o", str(path), "-lm", *libraries],
                       check=True, capture_output=True, text=True)


def checked(executable: Path) -> Path:
    return executable.with_name(executable.name + ".check")


def run_in_turns(executables: dict[str, Path], repeat: int, threads: int
                 ) -> tuple[dict[str, list[float]], dict[str, str]]:
    """(seconds of each timed run, the array dump of the build without contraction),
    by build."""
    environment = {**os.environ, "OMP_NUM_THREADS": str(threads),
                   "OPENBLAS_NUM_THREADS": str(threads)}
    times = {name: [] for name in executables}
    dumps = {name: subprocess.run([str(checked(executable))], capture_output=True, text=True,
                                  env={**environment, "HARNESS_DUMP": "1"}, check=True,
                                  timeout=600).stderr
             for name, executable in executables.items()}
    for round_ in range(repeat):
        for name, executable in executables.items():
            run = subprocess.run([str(executable)], capture_output=True, text=True,
                                 env=environment, check=True, timeout=600)
            if round_:                  # the first round warms up, untimed
                times[name].append(float(run.stdout.split()[-1]))
    return times, dumps


def table_rows(kernel: str, times: dict[str, list[float]], baseline: str) -> list[str]:
    medians = {name: statistics.median(values) for name, values in times.items()}
    return [f"| {kernel} | {name} | {medians[name] * 1e3:.3f} | "
            f"{(max(values) - min(values)) / medians[name]:.0%} | "
            f"{medians[baseline] / medians[name]:.2f}x |" for name, values in times.items()]


def close(expected: str, got: str, tolerance: float) -> bool:
    if tolerance == 0:
        return expected == got
    a, b = expected.split(), got.split()
    if len(a) != len(b):
        return False
    for p, q in zip(a, b):
        try:
            x, y = float(p), float(q)
        except ValueError:
            if p != q:
                return False
            continue
        if abs(x - y) > tolerance * max(1.0, abs(x), abs(y)):
            return False
    return True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernels", nargs="+")
    parser.add_argument("--build", action="append", default=[], metavar="NAME=FLAGS")
    parser.add_argument("--dataset", default="LARGE")
    parser.add_argument("--repeat", type=int, default=9, help="timed runs of each build")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--tolerance", type=float, default=1e-9,
                        help="relative difference allowed in the arrays (of builds without FMA "
                             "contraction; default 1e-9)")
    args = parser.parse_args(argv)
    builds = {"gcc": None}
    for spec in args.build:
        name, _, flags = spec.partition("=")
        builds[name] = shlex.split(flags)
    print("| kernel | build | median ms | spread | speedup over gcc |\n|---|---|---|---|---|")
    for kernel in args.kernels:
        source = POLYBENCH / "kernels" / f"{kernel}.c"
        with tempfile.TemporaryDirectory() as directory:
            directory = Path(directory)
            executables = {}
            for k, (name, flags) in enumerate(builds.items()):
                text = source
                libraries = []
                if flags is not None:
                    text = directory / f"b{k}.c"
                    subprocess.run([sys.executable, "-m", "polyopt", str(source), "-o", str(text),
                                    "-I", str(POLYBENCH), "--define", f"{args.dataset}_DATASET",
                                    "--no-db", "-q", *flags], check=True)
                    if "--blas" in flags:
                        from polyopt.blas import library_flags
                        libraries = library_flags(None)
                executables[name] = directory / f"b{k}"
                build(text, executables[name], args.dataset, libraries)
            print_timed(kernel, executables, args.repeat, args.threads, args.tolerance)
    return 0


def print_timed(kernel: str, executables: dict[str, Path], repeat: int, threads: int,
                tolerance: float) -> None:
    """Run the builds in turns (run_in_turns; the first round, with the arrays dumped,
    untimed) and print their rows: WRONG OUTPUT for one whose arrays differ from the
    first build's (gcc's)."""
    times, dumps = run_in_turns(executables, repeat + 1, threads)
    for name, dump in dumps.items():
        if not close(dumps["gcc"], dump, tolerance):
            print(f"| {kernel} | {name} | WRONG OUTPUT | | |")
            times.pop(name)
    print("\n".join(table_rows(kernel, times, "gcc")))
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
