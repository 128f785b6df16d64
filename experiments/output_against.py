"""The speed of this polyopt's output against another polyopt's (an older checkout's),
on the own suite's kernels, side by side: for each kernel, the original built with
gcc, and each polyopt's default output (``--no-db --define SIZE_DATASET``) built with
gcc -fopenmp, are run in turn, --runs times, with OMP_NUM_THREADS threads (2 unless
set); the report gives the medians and spreads, the speedups over gcc, the ratio of
the two outputs' times, and whether their dumped arrays are the same. Usage:

    python experiments/output_against.py --against OTHER_POLYOPT [--dataset LARGE]
                                       [--runs 5] [--out FILE] [KERNEL...]

Only kernels whose two outputs differ are run (all of them with --all). Run it alone
on the machine: another process stalls OpenMP's barriers.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from polyopt.polybench.suite import own_suite

ROOT = Path(__file__).resolve().parents[1]
GCC = ["gcc", "-O3", "-march=native"]


def _build(command: list[str], source: Path, executable: Path, dataset: str, root: Path) -> None:
    subprocess.run([*command, f"-D{dataset}_DATASET", "-I", str(root), str(root / "harness.c"),
                    str(source), "-o", str(executable), "-lm"], check=True, capture_output=True)


def _seconds(executable: Path, environment: dict[str, str]) -> float:
    ran = subprocess.run([str(executable)], capture_output=True, text=True, check=True,
                         env=environment, timeout=600)
    return float(ran.stdout.split()[-1])


def _dump(executable: Path, environment: dict[str, str]) -> str:
    ran = subprocess.run([str(executable)], capture_output=True, check=True, timeout=600,
                         env={**environment, "HARNESS_DUMP": "1"})
    return hashlib.sha256(ran.stderr).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kernels", nargs="*")
    parser.add_argument("--against", required=True, help="the other polyopt executable")
    parser.add_argument("--polyopt", default=str(Path(sys.executable).with_name("polyopt")))
    parser.add_argument("--dataset", default="LARGE")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--all", action="store_true", help="also kernels whose outputs are the same")
    parser.add_argument("--out")
    args = parser.parse_args(argv)
    suite = own_suite()
    kernels = [k for k in suite.kernels if not args.kernels or k.name in args.kernels]
    environment = {**os.environ, "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "2")}
    tools = {"this": args.polyopt, "other": args.against}
    rows = []
    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        for kernel in kernels:
            outputs = {}
            for name, tool in tools.items():
                outputs[name] = work / f"{kernel.name}.{name}.c"
                subprocess.run([tool, "--no-db", "--define", f"{args.dataset}_DATASET", "-I",
                                str(suite.root), str(kernel.source), "-o", str(outputs[name])],
                               check=True, capture_output=True, cwd=work)
            if not args.all and outputs["this"].read_text() == outputs["other"].read_text():
                continue
            executables = {"gcc": work / f"{kernel.name}.gcc"}
            _build(GCC, kernel.source, executables["gcc"], args.dataset, suite.root)
            for name, output in outputs.items():
                executables[name] = work / f"{kernel.name}.{name}"
                _build([*GCC, "-fopenmp"], output, executables[name], args.dataset, suite.root)
            dumps = {name: _dump(exe, environment) for name, exe in executables.items()}
            times: dict[str, list[float]] = {name: [] for name in executables}
            for _ in range(args.runs):
                for name, exe in executables.items():
                    times[name].append(_seconds(exe, environment))
            rows.append((kernel.name, times, dumps["this"] == dumps["other"]))
            print(kernel.name, {n: round(statistics.median(t), 4) for n, t in times.items()},
                  file=sys.stderr, flush=True)
    report = _report(rows, args, " ".join([Path(sys.argv[0]).name, *(argv or sys.argv[1:])]))
    if args.out:
        Path(args.out).write_text(report)
    else:
        print(report, end="")
    return 0


def _report(rows, args, invocation: str) -> str:
    lines = ["# This polyopt's output against another's, side by side", "",
             f"Default pipeline (`polyopt --no-db --define {args.dataset}_DATASET`), each output "
             f"built with gcc -O3 -march=native -fopenmp, the original with gcc -O3 -march=native; "
             f"{args.runs} runs each, in turn, OMP_NUM_THREADS="
             f"{os.environ.get('OMP_NUM_THREADS', '2')}. Times: median (min-max), seconds.", "",
             "| kernel | gcc | other | this | other over gcc | this over gcc | this / other (time) | arrays |",
             "|---|---|---|---|---|---|---|---|"]
    ratios = []
    for name, times, same in rows:
        median = {n: statistics.median(t) for n, t in times.items()}
        spread = {n: f"{min(t):.4f}-{max(t):.4f}" for n, t in times.items()}
        ratios.append(median["this"] / median["other"])
        lines.append(f"| {name} | {median['gcc']:.4f} | {median['other']:.4f} ({spread['other']}) "
                     f"| {median['this']:.4f} ({spread['this']}) | "
                     f"{median['gcc'] / median['other']:.2f}x | {median['gcc'] / median['this']:.2f}x "
                     f"| {ratios[-1]:.3f} | {'same' if same else 'DIFFERENT'} |")
    if ratios:
        geometric = statistics.geometric_mean(ratios)
        lines += ["", f"**Geometric mean of this / other (time) over {len(ratios)} kernels: "
                      f"{geometric:.3f}** (below 1: this polyopt's output is faster)."]
    lines += ["", f"- date: {datetime.datetime.now().isoformat(timespec='seconds')}",
              f"- command: `python polybench/{invocation}`",
              f"- machine: {platform.processor() or platform.machine()}, {os.cpu_count()} logical "
              f"cores; Python {platform.python_version()}"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
