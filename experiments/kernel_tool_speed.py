"""polyopt's own run time on each of the 30 PolyBench kernels with the default options
(the issue's bar: under 1 s per kernel, median). Each kernel is optimized by
``polyopt KERNEL.c -o OUT --no-db [--define SIZE_DATASET]`` in a fresh process, --runs
times; the table gives each kernel's median, and the median and the max over kernels,
with and without the start-up (``polyopt --help``: Python, islpy and polyopt loaded).
Usage:

    python experiments/kernel_tool_speed.py [--runs 3] [--dataset LARGE] [--out FILE]
                                          [--against OTHER_POLYOPT]

With --against (another polyopt executable: an older checkout's, installed in its own
virtual environment), each run of this polyopt is paired with one of the other, in
alternating order, so that both see the same machine: the report adds the other's
medians and the ratio, which a machine whose speed drifts (a shared virtual machine)
changes far less than the times themselves.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from polyopt.polybench.suite import DATASETS, own_suite
from polyopt.polybench.variants import default_pipeline_command, polyopt_command, size_flags

ROOT = Path(__file__).resolve().parents[1]
BAR_SECONDS = 1.0


# Each run as an installed polyopt runs: with Python's compiled modules kept. An
# environment that forbids writing them (PYTHONDONTWRITEBYTECODE, set in some
# sandboxes and containers) recompiles every module of an editable install at
# each start: 0.2 s more per run, which no installed copy pays.
ENVIRONMENT = {name: value for name, value in os.environ.items()
               if name != "PYTHONDONTWRITEBYTECODE"}


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, timeout=600, env=ENVIRONMENT)
    return time.perf_counter() - start


def format_report(rows: list[tuple[str, list[float]]], start_up: list[float],
                  command: list[str], invocation: str,
                  against: dict[str, list[float]] | None = None) -> str:
    """The markdown report: per kernel medians, then the median and max over kernels
    (with `against`, the other polyopt's times per kernel, side by side)."""
    base = statistics.median(start_up) if start_up else 0.0
    medians = {name: statistics.median(times) for name, times in rows}
    lines = ["# polyopt's own time on the PolyBench kernels", "",
             f"`{shlex.join(['polyopt', *command[len(polyopt_command()):]])} KERNEL.c -o OUT`, "
             f"a fresh process per run (Python's compiled modules kept, as in an installed "
             f"copy), {len(rows[0][1]) if rows else 0} run(s) per kernel; "
             f"start-up (`polyopt --help`): median {base:.3g} s.", ""]
    other = {name: statistics.median(times) for name, times in (against or {}).items()}
    if against:
        lines += ["| kernel | median (s) | without start-up (s) | runs (s) | the other's median (s) "
                  "| the other's runs (s) | the other / this |", "|---|---|---|---|---|---|---|"]
    else:
        lines += ["| kernel | median (s) | without start-up (s) | runs (s) |", "|---|---|---|---|"]
    for name, times in rows:
        flag = " ▼" if medians[name] > BAR_SECONDS else ""
        line = (f"| {name} | {medians[name]:.3g}{flag} | {medians[name] - base:.3g} | "
                + ", ".join(f"{t:.3g}" for t in times) + " |")
        if against:
            line += (f" {other[name]:.3g} | " + ", ".join(f"{t:.3g}" for t in against[name])
                     + f" | {other[name] / medians[name]:.2f}x |")
        lines.append(line)
    if medians:
        values = sorted(medians.values())
        worst = max(medians, key=medians.get)
        over = sum(value > BAR_SECONDS for value in values)
        lines += ["", f"**Over {len(values)} kernels: median {statistics.median(values):.3g} s "
                  f"(without start-up {statistics.median(values) - base:.3g} s), max "
                  f"{values[-1]:.3g} s ({worst}); {over} kernel(s) over {BAR_SECONDS:g} s (▼).**"]
        if other:
            ratios = [other[name] / medians[name] for name in medians]
            geometric = statistics.geometric_mean(ratios)
            lines += ["", f"**The other polyopt, in the same run: median {statistics.median(other.values()):.3g} s, "
                      f"max {max(other.values()):.3g} s; it takes {geometric:.2f}x this one's time "
                      f"(geometric mean over kernels; from {min(ratios):.2f}x to {max(ratios):.2f}x).**"]
    cpu = next((line.split(":", 1)[1].strip() for line in
                Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name")),
               platform.processor()) if Path("/proc/cpuinfo").is_file() else platform.processor()
    lines += ["", f"- date: {datetime.datetime.now().isoformat(timespec='seconds')}",
              f"- command: `{invocation}`",
              f"- machine: {cpu}, {os.cpu_count()} logical cores; Python {platform.python_version()}",
              ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernels", nargs="*", help="kernel names (default: all 30)")
    parser.add_argument("--runs", type=int, default=3, help="runs per kernel (default: 3)")
    parser.add_argument("--dataset", default="LARGE", type=str.upper, choices=DATASETS,
                        help="the size given with --define where polyopt has it (default: LARGE)")
    parser.add_argument("--out", type=Path,
                        default=ROOT / "polybench" / "results" / "tool_speed_kernels.md",
                        help="the report (default: polybench/results/tool_speed_kernels.md)")
    parser.add_argument("--against", type=Path, metavar="POLYOPT",
                        help="another polyopt executable, timed in the same run (see above)")
    args = parser.parse_args(arguments)
    suite = own_suite(ROOT / "polybench")
    command = default_pipeline_command() + size_flags([f"{args.dataset}_DATASET"],
                                                      [str(suite.root)])
    kernels = suite.select(args.kernels)
    timed(polyopt_command() + ["--help"])      # compiles the modules once, if needed
    start_up = [timed(polyopt_command() + ["--help"]) for _ in range(args.runs)]
    other_command = None
    if args.against is not None:
        other_command = [str(args.against)] + command[len(polyopt_command()):]
        timed([str(args.against), "--help"])
    rows, against = [], {}
    with tempfile.TemporaryDirectory(prefix="polyopt-tool-speed-") as directory:
        output = str(Path(directory) / "out.c")
        for kernel in kernels:
            times, others = [], []
            for run in range(args.runs):
                pair = [(times, command), (others, other_command)]
                for found, each in (pair if run % 2 == 0 else pair[::-1]):
                    if each is not None:
                        found.append(timed(each + [str(kernel.source), "-o", output]))
            rows.append((kernel.name, times))
            if other_command is not None:
                against[kernel.name] = others
            print(f"{kernel.name}: {statistics.median(times):.3g} s"
                  + (f" (the other: {statistics.median(others):.3g} s)" if others else ""),
                  file=sys.stderr)
    report = format_report(rows, start_up, command,
                           shlex.join(["python", "experiments/kernel_tool_speed.py", *arguments]),
                           against or None)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(report)
    print(next(line for line in report.splitlines() if line.startswith("**Over")).strip("*")
          + f" Report: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
