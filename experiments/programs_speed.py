"""Whole programs, original against polyopt's default output: every C program with a
``main`` in tests/kernels/ and examples/ is built with ``gcc -O3 -march=native -fopenmp``
as it is and after ``polyopt PROGRAM.c`` (default options), both are run with
OMP_NUM_THREADS=2, their standard outputs compared, and their wall times taken side by
side (runs alternate). Writes a table (program, times, speedup, ▼ below 0.95x) to
polybench/results/programs/report.md. Usage:

    python experiments/programs_speed.py [--repeat 3] [--threads 2] [--out DIR] [PROGRAM.c ...]

A program's time is that of the whole process (start-up included), measured from here.
A program that runs for less than --min-batch seconds is run that many times in a row per
timed run (a batch), and its time is the batch's divided by the count, so that the timer
and the process start-up do not decide the ratio alone; a program that takes under 1 ms
more than an empty program (process start-up) is marked ‡ all the same: what it
measures is mostly start-up.
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import platform
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from polyopt.polybench.experiment import same_code

ROOT = Path(__file__).resolve().parents[1]
DIRECTORIES = ("tests/kernels", "examples")
BUILD = ["gcc", "-O3", "-march=native", "-fopenmp"]
SLOW_SPEEDUP = 0.95       # below this, the optimized program loses to the original (▼)
SHORT_SECONDS = 1e-3      # a single run below this is mostly process start-up (‡)
_MAIN = re.compile(r"\bint\s+main\s*\(")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)", re.I)


@dataclass
class Measured:
    """One program: how each build went, its times, and the outputs' agreement."""
    program: str
    status: str = "ok"        # ok, "polyopt error", "compile error", "crash", "timeout",
                              # "wrong output", "too long"
    detail: str = ""
    output: str = ""          # "exact", "tolerance" (numbers within --tolerance) or ""
    original: list[float] = field(default_factory=list)    # seconds per run, each timed run
    optimized: list[float] = field(default_factory=list)
    batch: int = 1            # runs per timed run
    single: float = 0.0       # the original's first run (not among the timed), seconds
    polyopt_seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)   # polyopt's located warnings, notes
    original_code: bool = False   # polyopt kept every SCoP as written: a ratio of noise

    @property
    def speedup(self) -> float | None:
        if self.status != "ok" or not self.original or not self.optimized:
            return None
        return statistics.median(self.original) / statistics.median(self.optimized)


def find_programs(root: Path = ROOT) -> list[Path]:
    """The C files with a main in the project's test kernels and examples (not outputs)."""
    found = []
    for directory in DIRECTORIES:
        for path in sorted((root / directory).glob("*.c")):
            if not path.name.endswith(".opt.c") and _MAIN.search(path.read_text(errors="replace")):
                found.append(path)
    return found


def compare_outputs(expected: str, actual: str, tolerance: float) -> str:
    """"exact", "tolerance" (the same text but for numbers within a relative
    ``tolerance``), or "wrong"."""
    if expected == actual:
        return "exact"
    if _NUMBER.sub("#", expected) != _NUMBER.sub("#", actual):
        return "wrong"
    for want, got in zip(_NUMBER.findall(expected), _NUMBER.findall(actual)):
        x, y = float(want), float(got)
        if x == y or (math.isnan(x) and math.isnan(y)):
            continue
        if not abs(x - y) <= tolerance * max(abs(x), abs(y)):
            return "wrong"
    return "tolerance"


def _run(executable: Path, environment: dict[str, str], timeout: float,
         count: int = 1) -> tuple[float, str]:
    """Run ``executable`` ``count`` times in a row: (seconds per run, the last stdout)."""
    output = ""
    start = time.perf_counter()
    for _ in range(count):
        result = subprocess.run([str(executable)], stdin=subprocess.DEVNULL, capture_output=True,
                                text=True, env=environment, timeout=timeout)
        if result.returncode != 0:
            raise RuntimeError(f"exit status {result.returncode}: {result.stderr.strip()[-300:]}")
        output = result.stdout
    return (time.perf_counter() - start) / count, output


def measure(program: Path, directory: Path, settings: argparse.Namespace) -> Measured:
    """Optimize, build, check and time one program."""
    measured = Measured(str(program.relative_to(ROOT)) if program.is_relative_to(ROOT)
                        else str(program))
    optimized_source = directory / f"{program.stem}.opt.c"
    command = [*settings.polyopt, *shlex.split(settings.polyopt_flags), str(program),
               "-o", str(optimized_source)]
    start = time.perf_counter()
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=settings.timeout)
    except subprocess.TimeoutExpired:
        measured.status, measured.detail = "polyopt error", f"timed out after {settings.timeout:g} s"
        return measured
    measured.polyopt_seconds = time.perf_counter() - start
    measured.warnings = [line for line in result.stderr.splitlines()
                         if ": warning: " in line or ": note: " in line]
    if result.returncode != 0:
        measured.status, measured.detail = "polyopt error", result.stderr.strip()[-300:]
        return measured
    measured.original_code = same_code(program.read_text(errors="surrogateescape"),
                                       optimized_source.read_text(errors="surrogateescape"))
    executables = []
    for source, name in ((program, "original"), (optimized_source, "optimized")):
        executable = directory / f"{program.stem}.{name}"
        build = subprocess.run([*BUILD, f"-I{program.parent}", str(source), "-o",
                                str(executable), "-lm"],
                               capture_output=True, text=True, timeout=settings.timeout,
                               cwd=program.parent)
        if build.returncode != 0:
            measured.status = "compile error"
            measured.detail = f"{name}: {build.stderr.strip()[-300:]}"
            return measured
        executables.append(executable)
    environment = {**os.environ, "OMP_NUM_THREADS": str(settings.threads)}
    try:
        # a first run of each: the outputs, the original's time (and warm caches)
        measured.single, expected = _run(executables[0], environment, settings.timeout)
        single_optimized, actual = _run(executables[1], environment, settings.timeout)
        measured.output = compare_outputs(expected, actual, settings.tolerance)
        if measured.output == "wrong":
            measured.status = "wrong output"
            measured.detail = _first_difference(expected, actual)
            return measured
        if measured.single > settings.max_seconds:
            measured.status = "too long"
            measured.detail = f"one run takes {measured.single:.3g} s (over --max-seconds)"
            return measured
        # by the slower of the two, so that neither batch takes much more than it needs
        slower = max(measured.single, single_optimized, 1e-6)
        measured.batch = max(1, math.ceil(settings.min_batch / slower))
        for _ in range(settings.repeat):        # interleaved: original, optimized, ...
            measured.original.append(_run(executables[0], environment, settings.timeout,
                                          measured.batch)[0])
            measured.optimized.append(_run(executables[1], environment, settings.timeout,
                                           measured.batch)[0])
    except subprocess.TimeoutExpired:
        measured.status, measured.detail = "timeout", f"a run took over {settings.timeout:g} s"
    except RuntimeError as error:
        measured.status, measured.detail = "crash", str(error)
    return measured


def start_up_seconds(directory: Path, settings: argparse.Namespace) -> float:
    """The whole-process time of a program that does nothing, built and run the same way:
    what every measured time holds besides the program's own work (median of 5)."""
    source = directory / "empty.c"
    source.write_text("int main(void) { return 0; }\n")
    executable = directory / "empty"
    subprocess.run([*BUILD, str(source), "-o", str(executable)], check=True,
                   capture_output=True, timeout=settings.timeout)
    environment = {**os.environ, "OMP_NUM_THREADS": str(settings.threads)}
    return statistics.median(_run(executable, environment, settings.timeout)[0]
                             for _ in range(5))


def _first_difference(expected: str, actual: str) -> str:
    for number, (want, got) in enumerate(zip(expected.splitlines(), actual.splitlines()), 1):
        if want != got:
            return f"line {number}: expected {want[:80]!r}, got {got[:80]!r}"
    return f"{len(expected.splitlines())} lines expected, {len(actual.splitlines())} printed"


def _spread(times: list[float]) -> str:
    median = statistics.median(times)
    return f"±{(max(times) - min(times)) / median * 100:.0f}%" if median > 0 else ""


def format_report(results: list[Measured], settings: argparse.Namespace,
                  wall_seconds: float = 0.0, start_up: float = 0.0) -> str:
    """report.md: the table, the count below SLOW_SPEEDUP, notes and the setup."""
    lines = ["# Whole programs: gcc against polyopt's default", "",
             f"Each program built with `{' '.join(BUILD)}` as it is (gcc) and after "
             f"`polyopt {settings.polyopt_flags} PROGRAM.c` (polyopt); OMP_NUM_THREADS="
             f"{settings.threads}; {settings.repeat} timed runs each, alternating; times are "
             "medians of the whole process per run (a batch of runs in a row where one run is "
             f"short; see 'runs'); spread: (max - min) / median. ▼: below {SLOW_SPEEDUP:g}x "
             f"gcc. ‡: the original's run exceeds an empty program's (process start-up, "
             f"{start_up * 1e3:.3g} ms) by under {SHORT_SECONDS * 1e3:g} ms: its ratio is mostly "
             "start-up and noise. Output: standard outputs compared, exact or ≈ (numbers within a "
             f"relative {settings.tolerance:g}).", "",
             "| program | gcc (s) | polyopt (s) | speedup | spreads | runs | output | "
             "polyopt's own time (s) |",
             "|---|---|---|---|---|---|---|---|"]
    speedups = []
    for item in results:
        seconds = statistics.median(item.original) if item.original else item.single
        name = item.program + (" ‡" if 0 < seconds < start_up + SHORT_SECONDS else "")
        if item.speedup is None:
            lines.append(f"| {name} | | | **{item.status}** | | | {item.output} | "
                         f"{item.polyopt_seconds:.3g} |")
            continue
        speedups.append(item.speedup)
        ratio = f"{item.speedup:.3g}x"
        if item.speedup < SLOW_SPEEDUP:
            ratio = f"**{ratio}** ▼"
        if item.original_code:
            ratio += " (original code)"
        lines.append(f"| {name} | {statistics.median(item.original):.4g} | "
                     f"{statistics.median(item.optimized):.4g} | {ratio} | "
                     f"{_spread(item.original)} / {_spread(item.optimized)} | {item.batch} | "
                     f"{'exact' if item.output == 'exact' else '≈'} | "
                     f"{item.polyopt_seconds:.3g} |")
    slow = sum(value < SLOW_SPEEDUP for value in speedups)
    slow_kept = sum(item.speedup is not None and item.speedup < SLOW_SPEEDUP
                    and item.original_code for item in results)
    failed = sum(item.speedup is None for item in results)
    mean = math.exp(sum(map(math.log, speedups)) / len(speedups)) if speedups else None
    lines += ["", f"**{slow} of {len(speedups)} programs measured below {SLOW_SPEEDUP:g}x gcc**"
              + (f" ({slow_kept} of them the original code: the same code as gcc's, comments "
                 "aside, so the ratio is noise)" if slow_kept else "")
              + (f"; {failed} not measured (see below)" if failed else "")
              + (f"; geometric mean {mean:.3g}x." if mean else "."), ""]
    tool = sorted(item.polyopt_seconds for item in results if item.polyopt_seconds > 0)
    if tool:
        lines += [f"polyopt's own time per program (a fresh process, start-up included): "
                  f"median {statistics.median(tool):.3g} s, max {max(tool):.3g} s.", ""]
    notes = [f"- {item.program}: **{item.status}**: {item.detail}" for item in results
             if item.status != "ok"]
    notes += [f"- {item.program}: polyopt: {warning.strip()}" for item in results
              for warning in item.warnings]
    if notes:
        lines += ["## Notes", "", *notes, ""]
    cpu = next((line.split(":", 1)[1].strip() for line in
                Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name")),
               platform.processor()) if Path("/proc/cpuinfo").is_file() else platform.processor()
    compiler = subprocess.run(["gcc", "--version"], capture_output=True, text=True).stdout
    lines += ["## Setup", "",
              f"- date: {datetime.datetime.now().isoformat(timespec='seconds')}",
              f"- command: `{settings.command}`",
              f"- machine: {cpu}, {os.cpu_count()} logical cores; {platform.platform()}",
              f"- compiler: {compiler.splitlines()[0] if compiler else 'gcc'}",
              f"- batches: at least {settings.min_batch:g} s of runs per timed run",
              f"- wall time: {wall_seconds:.1f} s", ""]
    return "\n".join(lines) + "\n"


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description="Whole programs of tests/kernels/ and examples/: gcc -O3 -march=native "
                    "-fopenmp of the original against that of polyopt's default output.")
    parser.add_argument("programs", nargs="*", type=Path,
                        help="C programs (default: every one with a main in "
                             + " and ".join(DIRECTORIES) + ")")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs each (default: 3)")
    parser.add_argument("--threads", type=int, default=2, help="OMP_NUM_THREADS (default: 2)")
    parser.add_argument("--min-batch", type=float, default=0.2,
                        help="seconds of runs in a row per timed run for short programs "
                             "(default: 0.2)")
    parser.add_argument("--max-seconds", type=float, default=30.0,
                        help="skip a program whose single run takes longer (default: 30)")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds before polyopt, a build or a run is stopped (default: 300)")
    parser.add_argument("--tolerance", type=float, default=1e-6,
                        help="relative difference allowed between printed numbers (default: 1e-6)")
    parser.add_argument("--polyopt", default=f"{shlex.quote(sys.executable)} -m polyopt",
                        help="the polyopt command (default: this Python's polyopt)")
    parser.add_argument("--polyopt-flags", default="--no-db",
                        help="options given to polyopt (default: --no-db: the default "
                             "pipeline, not a search's stored schedules)")
    parser.add_argument("--out", type=Path, default=ROOT / "polybench" / "results" / "programs",
                        help="directory of report.md (default: polybench/results/programs)")
    return parser


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    settings = parser().parse_args(arguments)
    settings.command = shlex.join(["python", "experiments/programs_speed.py", *arguments])
    settings.polyopt = shlex.split(settings.polyopt)
    programs = [path.resolve() for path in settings.programs] or find_programs()
    start = time.perf_counter()
    results = []
    with tempfile.TemporaryDirectory(prefix="polyopt-programs-") as directory:
        start_up = start_up_seconds(Path(directory), settings)
        for program in programs:
            item = measure(program, Path(directory), settings)
            results.append(item)
            shown = f"{item.speedup:.3g}x" if item.speedup else item.status
            print(f"{item.program}: {shown}", file=sys.stderr)
    settings.out.mkdir(parents=True, exist_ok=True)
    report = format_report(results, settings, time.perf_counter() - start, start_up)
    (settings.out / "report.md").write_text(report)
    summary = next(line for line in report.splitlines() if line.startswith("**"))
    print(summary.replace("**", "") + f" Report: {settings.out / 'report.md'}")
    return 0 if all(item.status == "ok" for item in results) else 1


if __name__ == "__main__":
    sys.exit(main())
