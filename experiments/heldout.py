"""Whole programs of a held-out set (experiments/heldout/), several tools side by side.

For every program, each variant's source is made once: ``gcc`` is the program as
written, ``pluto`` is Pluto's ``polycc --tile --parallel``, and every other variant is
a polyopt command line. Each source is built with ``gcc -O3 -march=native -fopenmp``,
run once (a warm-up whose printed numbers are checked against gcc's, relative
tolerance --tolerance), then the executables are run in turns: --repeat rounds of one
run of each variant (the order rotated each round), so that a slow spell of the
machine falls on all alike, with OMP_NUM_THREADS = --threads. A run's time is the
wall time of the whole process, measured from here.

    python experiments/heldout.py experiments/heldout/*.c \\
        --variants gcc,default,isl,pluto,tune,ga --repeat 5 --threads 2 \\
        --report OUT.md [--csv OUT.csv] [--variant 'notile=--no-tile']

Built-in variants (polyopt's always get --no-db, so that no stored search decides):

    gcc      the program as written
    default  polyopt FILE -o OUT --no-db
    isl      polyopt --scheduler isl FILE -o OUT --no-db
    pluto    polycc --tile --parallel FILE -o OUT
    polly    the program as written, built with clang and Polly (-mllvm -polly
             -mllvm -polly-parallel, the same other flags) where one is installed
    clang    the program as written, built with the same clang without Polly (what
             of Polly's time is clang's own code)
    tune     polyopt --tune FILE -o OUT --no-db
    ga       polyopt --scheduler ga --budget 20 FILE -o OUT --no-db

``--variant NAME=FLAGS`` (repeatable) adds (or redefines) a polyopt variant with FLAGS
(--no-db is added unless FLAGS name --db or --no-db); it is measured even where
--variants does not list it. Leading VAR=VALUE words of FLAGS set its tool's
environment: ``--variant 'before=PYTHONPATH=/tmp/old'`` runs another version of polyopt
installed there (``pip install --no-deps --target /tmp/old .`` in its checkout), except
``CFLAGS=...``, which adds its flags to the variant's build; FLAGS ``--as-written``
makes a variant of the program as written: ``--variant 'gcc-ntm=CFLAGS=-fno-trapping-math
--as-written'`` is gcc with one flag more. gcc is always measured: it is the reference.
A polyopt variant whose FLAGS name ``--target cuda`` writes CUDA (host code in C, the
kernels in a .cu file beside it), built with ``nvcc -O3`` (--arch; needs a GPU to run):
``--variant 'cuda=--target cuda'``.

A variant "fails" on a program where its tool exits non-zero or writes nothing, the
build fails, or a run crashes or times out; it is "wrong" where a printed number
differs from gcc's. Neither enters the speedups. The report (Markdown) has one row
per program (median gcc seconds, each variant's speedup = median gcc / median
variant with its spread (max - min) / median, the best variant), geometric means
over the programs where each variant ran, a summary per variant (geometric mean of
its speedup over the best variant's per program, programs below 0.95x gcc), the
tools' own times, and the reasons of every failure. --csv writes the raw medians.
Run it alone on the machine: it times programs.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import math
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from polyopt.evaluator import communicate_in_group

BUILD = ("gcc", "-O3", "-march=native", "-fopenmp")
SLOW_SPEEDUP = 0.95          # below this a variant loses to gcc
BUILTIN_FLAGS: dict[str, tuple[str, ...]] = {
    "default": (),
    "isl": ("--scheduler", "isl"),
    "tune": ("--tune",),
    "ga": ("--scheduler", "ga", "--budget", "20"),
}
_NAME = re.compile(r"^[A-Za-z0-9_.+-]+$")
_ASSIGNMENT = re.compile(r"^[A-Z_][A-Z0-9_]*=")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)", re.I)


@dataclass(frozen=True)
class Variant:
    """One way of making a program's source: ``copy`` (as written), ``pluto``,
    ``polly`` (as written, built by clang with Polly), ``clang`` (as written, built by
    the same clang without Polly: what of Polly's time is clang's own) or ``polyopt``
    with ``flags``."""
    name: str
    kind: str
    flags: tuple[str, ...] = ()
    # VAR=VALUE assignments its tool runs with (PYTHONPATH=DIR: another polyopt)
    environment: tuple[tuple[str, str], ...] = ()
    cflags: tuple[str, ...] = ()      # added to its build's flags

    @property
    def cuda(self) -> bool:
        """polyopt with --target cuda: its source is CUDA, built by nvcc."""
        flags = " ".join(self.flags).replace("--target=", "--target ")
        return self.kind == "polyopt" and "--target cuda" in flags

    def command(self, tools: Tools, source: str = "FILE", output: str = "OUT") -> list[str]:
        """The transform's command line (empty for ``copy``)."""
        if self.kind == "pluto":
            return [tools.polycc or "polycc", "--tile", "--parallel", source, "-o", output]
        if self.kind == "polyopt":
            extra = [] if {"--db", "--no-db"} & {flag.split("=")[0] for flag in self.flags} \
                else ["--no-db"]
            return [*tools.polyopt, *self.flags, source, "-o", output, *extra]
        return []


@dataclass(frozen=True)
class Tools:
    """The command that runs polyopt, and polycc's path (None where it is missing)."""
    polyopt: tuple[str, ...]
    polycc: str | None


@dataclass
class Outcome:
    """One variant of one program: how its source and build went and its run times."""
    program: str
    variant: str
    status: str = "ok"                  # ok, fails, wrong
    detail: str = ""                    # why it fails or is wrong
    tool_seconds: float | None = None   # wall time of the transform (None: as written)
    as_written: bool = False            # the tool's output is the input, but for spacing
    executable: Path | None = None
    output: str = ""                    # standard output of the warm-up run
    times: list[float] = field(default_factory=list)

    @property
    def median(self) -> float | None:
        return statistics.median(self.times) if self.status == "ok" and self.times else None

    @property
    def spread(self) -> float | None:
        """(max - min) / median of the timed runs."""
        median = self.median
        if not median or len(self.times) < 2:
            return None
        return (max(self.times) - min(self.times)) / median


def progress(message: str) -> None:
    print(f"heldout: {message}", file=sys.stderr, flush=True)


def last_line(text: str) -> str:
    """The last lines of a tool's output that name an error (two at most: a tool's own
    summary often follows the located message), else its last non-empty line."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line.lower()]
    return " / ".join(errors[-2:] if errors else (lines or ["(no output)"])[-1:])[:300]


def same_numbers(expected: str, actual: str, tolerance: float) -> str:
    """'' where ``actual`` prints the same text as ``expected`` but for numbers within a
    relative ``tolerance``, else what differs."""
    if expected == actual:
        return ""
    if _NUMBER.sub("#", expected).split() != _NUMBER.sub("#", actual).split():
        return f"printed {actual.strip()[:80]!r}, gcc {expected.strip()[:80]!r}"
    for want, got in zip(_NUMBER.findall(expected), _NUMBER.findall(actual)):
        x, y = float(want), float(got)
        if x == y or (math.isnan(x) and math.isnan(y)):
            continue
        if not abs(x - y) <= tolerance * max(abs(x), abs(y)):
            return f"printed {got}, gcc {want} (relative difference {abs(x - y) / max(abs(x), abs(y)):.2g})"
    return ""


def _plain(text: str) -> str:
    return re.sub(r"\s+", "", text)


def make_source(program: Path, variant: Variant, directory: Path, tools: Tools,
                settings: argparse.Namespace, outcome: Outcome) -> Path | None:
    """Write the variant's source of ``program`` into ``directory``; record the tool's
    time, or why it fails, in ``outcome``. None where it fails."""
    # (CUDA: the host code stays C, the kernels go beside it in NAME_kernels.cu)
    source = directory / f"{variant.name}.c"
    source.with_name(f"{variant.name}_kernels.cu").unlink(missing_ok=True)   # an earlier run's
    if variant.kind in ("polly", "clang") and polly_build() is None:
        outcome.status, outcome.detail = "fails", "no clang with Polly found"
        return None
    if variant.kind in ("copy", "polly", "clang"):
        shutil.copyfile(program, source)
        return source
    if variant.kind == "pluto" and tools.polycc is None:
        outcome.status, outcome.detail = "fails", "polycc not found"
        return None
    cwd = directory
    input_path = program.resolve()
    if variant.kind == "pluto":
        # polycc leaves its intermediate files beside the input and in its folder
        cwd = directory / "pluto"
        cwd.mkdir(exist_ok=True)
        input_path = cwd / program.name
        shutil.copyfile(program, input_path)
    command = variant.command(tools, str(input_path), str(source))
    environment = {**os.environ, **dict(variant.environment),
                   "OMP_NUM_THREADS": str(settings.threads)}
    start = time.perf_counter()
    try:
        result = run_in_group(command, settings.tool_timeout, cwd=cwd, env=environment)
    except subprocess.TimeoutExpired:
        outcome.status = "fails"
        outcome.detail = f"{variant.kind} timed out after {settings.tool_timeout:g} s"
        return None
    except OSError as error:
        outcome.status, outcome.detail = "fails", f"{variant.kind}: {error}"
        return None
    outcome.tool_seconds = time.perf_counter() - start
    if result.returncode != 0:
        outcome.status = "fails"
        outcome.detail = f"exit {result.returncode}: {last_line(result.stderr + result.stdout)}"
        return None
    if not source.is_file() or source.stat().st_size == 0:
        outcome.status = "fails"
        outcome.detail = f"wrote no output: {last_line(result.stderr + result.stdout)}"
        return None
    outcome.as_written = _plain(source.read_text(errors="replace")) == \
        _plain(program.read_text(errors="replace"))
    return source


def polly_build() -> tuple[str, ...] | None:
    """clang with Polly's command, as ``polyopt polybench --variants polly`` builds
    (None where no clang with Polly is installed)."""
    from polyopt.polybench.variants import _polly_clang
    clang, _ = _polly_clang()
    if clang is None:
        return None
    return (clang, *POLLY_FLAGS)


# clang's flags with Polly: gcc's (BUILD) with Polly's parallel code generation
POLLY_FLAGS = (*BUILD[1:3], "-mllvm", "-polly", "-mllvm", "-polly-parallel", "-fopenmp")
CLANG_FLAGS = (*BUILD[1:3], "-fopenmp")


def clang_build() -> tuple[str, ...] | None:
    """The clang that builds the ``polly`` variant, without Polly."""
    polly = polly_build()
    return None if polly is None else (polly[0], *CLANG_FLAGS)


def build(program: Path, source: Path, executable: Path, settings: argparse.Namespace,
          outcome: Outcome, compiler: tuple[str, ...] = BUILD) -> bool:
    """Build ``source``; False (and why, in ``outcome``) where the compiler fails."""
    try:
        kernels = source.with_name(f"{source.stem}_kernels.cu")     # CUDA's, where made
        sources = [str(source)] + ([str(kernels)] if kernels.exists() else [])
        result = run_in_group([*compiler, f"-I{program.resolve().parent}", *sources, "-o",
                               str(executable), "-lm"], settings.tool_timeout)
    except subprocess.TimeoutExpired:
        outcome.status, outcome.detail = "fails", "build timed out"
        return False
    if result.returncode != 0:
        outcome.status, outcome.detail = "fails", f"build: {last_line(result.stderr)}"
        return False
    outcome.executable = executable
    return True


def run_in_group(command, timeout: float, **options) -> subprocess.CompletedProcess:
    """``subprocess.run(command, capture_output=True, text=True)`` in a process group of
    its own, killed whole on timeout (a compiler driver's ``cc1`` or a tool's children
    would otherwise outlive the limit and share the machine with the next timing)."""
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               **options)
    stdout, stderr = communicate_in_group(process, timeout)
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


def run_once(executable: Path, threads: int, timeout: float) -> tuple[float, str]:
    """(wall seconds of the whole process, its standard output); RuntimeError where it
    exits non-zero or runs past ``timeout``."""
    environment = {**os.environ, "OMP_NUM_THREADS": str(threads)}
    start = time.perf_counter()
    try:
        result = run_in_group([str(executable)], timeout, env=environment)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"a run took over {timeout:g} s") from None
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"exit status {result.returncode}: {last_line(result.stderr)}")
    return seconds, result.stdout


def measure_program(program: Path, variants: list[Variant], tools: Tools, work: Path,
                    settings: argparse.Namespace) -> dict[str, Outcome]:
    """Make, build, check and time every variant of one program."""
    directory = work / program.stem
    directory.mkdir(parents=True, exist_ok=True)
    outcomes = {variant.name: Outcome(program.name, variant.name) for variant in variants}
    for variant in variants:
        outcome = outcomes[variant.name]
        source = make_source(program, variant, directory, tools, settings, outcome)
        if source is not None:
            compiler = (polly_build() if variant.kind == "polly"
                        else clang_build() if variant.kind == "clang"
                        else ("nvcc", "-O3", f"-arch={settings.arch}", "-Xcompiler", "-fopenmp")
                        if variant.cuda else BUILD) + variant.cflags
            build(program, source, directory / f"{variant.name}.exe", settings, outcome, compiler)
        tool = "" if outcome.tool_seconds is None else f" ({outcome.tool_seconds:.1f} s)"
        note = " (output as written)" if outcome.as_written else ""
        state = "ready" if outcome.status == "ok" else f"{outcome.status}: {outcome.detail}"
        progress(f"  {variant.name}: {state}{tool}{note}")
    reference = outcomes["gcc"]
    for variant in variants:                      # warm-up runs: outputs checked
        outcome = outcomes[variant.name]
        if outcome.status != "ok":
            continue
        if variant.name != "gcc" and reference.status != "ok":
            outcome.status, outcome.detail = "fails", "no reference: the program as written fails"
            continue
        try:
            _, outcome.output = run_once(outcome.executable, settings.threads, settings.timeout)
        except RuntimeError as error:
            outcome.status, outcome.detail = "fails", str(error)
            progress(f"  {variant.name}: fails: {error}")
            continue
        if variant.name != "gcc":
            difference = same_numbers(reference.output, outcome.output, settings.tolerance)
            if difference:
                outcome.status, outcome.detail = "wrong", difference
                progress(f"  {variant.name}: wrong: {difference}")
    running = [variant.name for variant in variants if outcomes[variant.name].status == "ok"]
    for round_number in range(settings.repeat):
        shift = round_number % len(running) if running else 0
        order = running[shift:] + running[:shift]
        seen = []
        for name in order:
            outcome = outcomes[name]
            if outcome.status != "ok":
                continue
            try:
                seconds, output = run_once(outcome.executable, settings.threads, settings.timeout)
            except RuntimeError as error:
                outcome.status, outcome.detail = "fails", str(error)
                seen.append(f"{name} fails")
                continue
            difference = same_numbers(reference.output, output, settings.tolerance)
            if difference:
                outcome.status, outcome.detail = "wrong", f"in a timed run: {difference}"
                seen.append(f"{name} wrong")
                continue
            outcome.times.append(seconds)
            seen.append(f"{name} {seconds:.3f}")
        progress(f"  round {round_number + 1}/{settings.repeat}: {', '.join(seen)}")
    return outcomes


def speedups(outcomes: dict[str, Outcome]) -> dict[str, float]:
    """Median gcc seconds over the variant's median, for the variants that ran right."""
    reference = outcomes["gcc"].median
    if reference is None:
        return {}
    return {name: reference / outcome.median for name, outcome in outcomes.items()
            if outcome.median}


def geometric_mean(values: list[float]) -> float | None:
    return math.exp(sum(math.log(value) for value in values) / len(values)) if values else None


def _percent(spread: float | None) -> str:
    return "" if spread is None else f" <sub>±{spread * 100:.0f}%</sub>"


def _cell(outcome: Outcome, speedup: float | None) -> str:
    if outcome.status != "ok":
        return outcome.status
    if speedup is None:
        return "—"
    mark = " ▼" if speedup < SLOW_SPEEDUP else ""
    written = " =" if outcome.as_written else ""
    return f"{speedup:.2f}×{_percent(outcome.spread)}{mark}{written}"


def machine_line() -> str:
    """The processor, the CPUs, the compiler."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        gcc = subprocess.run(["gcc", "--version"], capture_output=True, text=True,
                             timeout=30).stdout.splitlines()[0]
    except (OSError, IndexError, subprocess.TimeoutExpired):
        gcc = "gcc (version unknown)"
    return f"{model}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}; {gcc}"


def tool_version(tools: Tools) -> str:
    try:
        # (from elsewhere: a checkout's polyopt/ folder would shadow `python -m polyopt`)
        result = subprocess.run([*tools.polyopt, "--version"], capture_output=True, text=True,
                                timeout=60, cwd=tempfile.gettempdir())
        return (result.stdout or result.stderr).strip() or "unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def format_report(results: dict[str, dict[str, Outcome]], variants: list[Variant],
                  tools: Tools, settings: argparse.Namespace, wall_seconds: float) -> str:
    """The Markdown report: speedups, summary per variant, tool times, failures, setup."""
    names = [variant.name for variant in variants]
    others = [name for name in names if name != "gcc"]
    per_program = {program: speedups(outcomes) for program, outcomes in results.items()}
    for values in per_program.values():
        if values:
            values["gcc"] = 1.0
    lines = ["# Held-out programs: tools side by side", "",
             f"{len(results)} programs, {settings.repeat} timed run(s) of each build in turns "
             f"(one of each per round), OMP_NUM_THREADS={settings.threads}; whole-process wall "
             f"time. Cells: median gcc seconds over the variant's median (×), "
             f"<sub>±spread</sub> = (max - min) / median of the variant's runs; ▼ below "
             f"{SLOW_SPEEDUP}× gcc; = the tool wrote the program as it was. *fails*: no "
             f"source, no build or a crash; *wrong*: a printed number differs from gcc's by "
             f"more than {settings.tolerance:g} (relative). Neither enters the means.", "",
             "| program | gcc s | " + " | ".join(others) + " | best |",
             "|---|---:|" + "---:|" * len(others) + "---|"]
    for program, outcomes in results.items():
        values = per_program[program]
        reference = outcomes["gcc"]
        if reference.median is None:
            gcc_cell = f"gcc {reference.status}"
        else:
            gcc_cell = f"{reference.median:.3f}{_percent(reference.spread)}"
        cells = [_cell(outcomes[name], values.get(name)) for name in others]
        best = max(values, key=lambda name: values[name]) if values else "—"
        best_cell = f"{best} ({values[best]:.2f}×)" if values else "—"
        lines.append(f"| {program} | {gcc_cell} | " + " | ".join(cells) + f" | {best_cell} |")
    means = []
    for name in others:
        ran = [values[name] for values in per_program.values() if name in values]
        mean = geometric_mean(ran)
        means.append("—" if mean is None else f"**{mean:.2f}×** ({len(ran)}/{len(results)})")
    lines.append("| geometric mean (programs) | | " + " | ".join(means) + " | |")
    lines += ["", "## Per variant", "",
              "Speedup: geometric mean over gcc where the variant ran. Of best: geometric "
              "mean of (its speedup / the best variant's speedup) per program, where it "
              "ran (1.00: always the best). Below: programs under "
              f"{SLOW_SPEEDUP}× gcc.", "",
              "| variant | ran | speedup | of best | below | fails | wrong | command |",
              "|---|---:|---:|---:|---:|---:|---:|---|"]
    for variant in variants:
        name = variant.name
        ran = [values[name] for values in per_program.values() if name in values]
        of_best = [values[name] / max(values.values()) for values in per_program.values()
                   if name in values]
        below = sum(1 for value in ran if value < SLOW_SPEEDUP)
        statuses = [outcomes[name].status for outcomes in results.values()]
        mean, best_mean = geometric_mean(ran), geometric_mean(of_best)
        shown = Tools(("polyopt",), "polycc")     # the full paths are in the setup
        command = {"copy": "(as written)",
                   "polly": f"(as written; clang {' '.join(POLLY_FLAGS)})",
                   "clang": f"(as written; clang {' '.join(CLANG_FLAGS)})"}.get(variant.kind) \
            or " ".join(shlex.quote(part) for part in variant.command(shown))
        if variant.cflags:
            command += f"; built with {' '.join(variant.cflags)} more"
        lines.append(f"| {name} | {len(ran)}/{len(results)} | "
                     + ("—" if mean is None else f"{mean:.2f}×") + " | "
                     + ("—" if best_mean is None else f"{best_mean:.2f}") + f" | {below} | "
                     f"{statuses.count('fails')} | {statuses.count('wrong')} | `{command}` |")
    timed = [variant for variant in variants if variant.kind != "copy"]
    lines += ["", "## Tool times", "",
              "Wall seconds of each transform (polyopt or polycc), including a failed one.", "",
              "| program | " + " | ".join(variant.name for variant in timed) + " |",
              "|---|" + "---:|" * len(timed)]
    for program, outcomes in results.items():
        cells = ["—" if outcomes[variant.name].tool_seconds is None
                 else f"{outcomes[variant.name].tool_seconds:.2f}" for variant in timed]
        lines.append(f"| {program} | " + " | ".join(cells) + " |")
    medians = []
    for variant in timed:
        seconds = [outcomes[variant.name].tool_seconds for outcomes in results.values()
                   if outcomes[variant.name].tool_seconds is not None]
        medians.append(f"**{statistics.median(seconds):.2f}**" if seconds else "—")
    lines.append("| median | " + " | ".join(medians) + " |")
    failures = [(program, name, outcome.status, outcome.detail)
                for program, outcomes in results.items() for name, outcome in outcomes.items()
                if outcome.status != "ok"]
    if failures:
        lines += ["", "## Failures", ""]
        lines += [f"- {program}, {name}: {status}: {detail}"
                  for program, name, status, detail in failures]
    lines += ["", "## Setup", "",
              f"- date: {datetime.datetime.now().isoformat(timespec='seconds')}; total "
              f"{wall_seconds / 60:.1f} min",
              f"- machine: {machine_line()}",
              f"- polyopt: `{' '.join(tools.polyopt)}` ({tool_version(tools)}); polycc: "
              f"`{tools.polycc or 'not found'}`",
              f"- build: `{' '.join(BUILD)} SOURCE -o EXE -lm`",
              f"- command: `python experiments/heldout.py {' '.join(shlex.quote(arg) for arg in sys.argv[1:])}`",
              ""]
    return "\n".join(lines)


def write_csv(path: Path, results: dict[str, dict[str, Outcome]], variants: list[Variant]) -> None:
    """One row per program and variant: status, median/min/max seconds, speedup, tool time."""
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["program", "variant", "status", "median_s", "min_s", "max_s", "runs",
                         "speedup", "tool_s", "as_written", "detail"])
        for program, outcomes in results.items():
            values = speedups(outcomes)
            for variant in variants:
                outcome = outcomes[variant.name]
                median = outcome.median
                writer.writerow([
                    program, variant.name, outcome.status,
                    "" if median is None else f"{median:.6f}",
                    f"{min(outcome.times):.6f}" if median is not None else "",
                    f"{max(outcome.times):.6f}" if median is not None else "",
                    len(outcome.times) if median is not None else 0,
                    f"{values[variant.name]:.4f}" if variant.name in values else "",
                    "" if outcome.tool_seconds is None else f"{outcome.tool_seconds:.3f}",
                    int(outcome.as_written), outcome.detail])


def choose_variants(listed: str, extra: list[str]) -> list[Variant]:
    """--variants NAMES and the --variant NAME=FLAGS definitions, gcc first."""
    defined: dict[str, Variant] = {"gcc": Variant("gcc", "copy"), "pluto": Variant("pluto", "pluto"),
                                   "polly": Variant("polly", "polly"),
                                   "clang": Variant("clang", "clang")}
    defined.update({name: Variant(name, "polyopt", flags) for name, flags in BUILTIN_FLAGS.items()})
    added = []
    for text in extra:
        name, equals, flags = text.partition("=")
        name = name.strip()
        if not equals or not _NAME.match(name) or name == "gcc":
            raise SystemExit(f"heldout: --variant {text!r}: expected NAME=FLAGS "
                             "(NAME of letters, digits, ._+-, not gcc)")
        words = shlex.split(flags)
        assignments, cflags = [], []
        while words and _ASSIGNMENT.match(words[0]):
            key, _, value = words.pop(0).partition("=")
            if key == "CFLAGS":
                cflags += shlex.split(value)
            else:
                assignments.append((key, value))
        if words == ["--as-written"]:
            defined[name] = Variant(name, "copy", (), tuple(assignments), tuple(cflags))
        else:
            defined[name] = Variant(name, "polyopt", tuple(words), tuple(assignments),
                                    tuple(cflags))
        added.append(name)
    names = [name.strip() for name in listed.split(",") if name.strip()]
    unknown = [name for name in names if name not in defined]
    if unknown:
        raise SystemExit(f"heldout: unknown variant(s) {', '.join(unknown)}; built in: "
                         f"{', '.join(sorted(defined))}, or define one with --variant NAME=FLAGS")
    ordered = ["gcc"] + [name for name in dict.fromkeys(names + added) if name != "gcc"]
    return [defined[name] for name in ordered]


def find_polyopt(given: str | None) -> tuple[str, ...]:
    """polyopt's command: --polyopt, else the one beside this Python, else on PATH."""
    if given:
        return tuple(shlex.split(given))
    beside = Path(sys.executable).parent / "polyopt"
    if beside.is_file():
        return (str(beside),)
    found = shutil.which("polyopt")
    if found:
        return (found,)
    return (sys.executable, "-m", "polyopt")


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Time whole C programs as written and after several tools, side by side "
                    "(see the module's docstring).")
    parser.add_argument("programs", nargs="+", type=Path, help="C programs with a main")
    parser.add_argument("--variants", default="gcc,default,isl,pluto,tune,ga",
                        help="comma-separated variants (default: %(default)s)")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=FLAGS",
                        help="a polyopt variant with FLAGS (repeatable)")
    parser.add_argument("--repeat", type=int, default=5, help="timed rounds (default: 5)")
    parser.add_argument("--threads", type=int, default=2, help="OMP_NUM_THREADS (default: 2)")
    parser.add_argument("--tolerance", type=float, default=1e-6,
                        help="relative tolerance of printed numbers (default: 1e-6)")
    parser.add_argument("--arch", default="sm_90",
                        help="nvcc's -arch for --target cuda variants (default: sm_90)")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds one run may take (default: 300)")
    parser.add_argument("--tool-timeout", type=float, default=3600.0,
                        help="seconds one transform or build may take (default: 3600)")
    parser.add_argument("--report", type=Path, help="write the Markdown report here "
                        "(default: standard output)")
    parser.add_argument("--csv", type=Path, help="write the raw medians here")
    parser.add_argument("--work", type=Path, help="keep the sources and executables in this "
                        "folder (default: a temporary one, removed)")
    parser.add_argument("--polyopt", help="polyopt's command (default: the one beside this "
                        "Python, else on PATH)")
    parser.add_argument("--polycc", default=shutil.which("polycc"),
                        help="Pluto's polycc (default: on PATH)")
    settings = parser.parse_args(argv)
    if settings.repeat < 1 or settings.threads < 1:
        parser.error("--repeat and --threads must be at least 1")
    missing = [str(path) for path in settings.programs if not path.is_file()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    stems = [path.stem for path in settings.programs]
    if len(set(stems)) != len(stems):
        parser.error("two programs have the same name")
    return settings


def main(argv: list[str] | None = None) -> int:
    settings = parse_arguments(argv)
    variants = choose_variants(settings.variants, settings.variant)
    tools = Tools(find_polyopt(settings.polyopt), settings.polycc)
    progress(f"{len(settings.programs)} programs, variants {', '.join(v.name for v in variants)}, "
             f"{settings.repeat} rounds, {settings.threads} threads")
    start = time.perf_counter()
    results: dict[str, dict[str, Outcome]] = {}
    temporary = None
    if settings.work is None:
        temporary = tempfile.TemporaryDirectory(prefix="heldout-")
        work = Path(temporary.name)
    else:
        work = settings.work.resolve()
        work.mkdir(parents=True, exist_ok=True)
    try:
        for number, program in enumerate(settings.programs, 1):
            progress(f"[{number}/{len(settings.programs)}] {program.name}")
            results[program.name] = measure_program(program, variants, tools, work, settings)
            values = speedups(results[program.name])
            summary = ", ".join(f"{name} {value:.2f}x" for name, value in values.items()
                                if name != "gcc")
            progress(f"  speedups: {summary or 'none'}")
    finally:
        if temporary is not None:
            temporary.cleanup()
    report = format_report(results, variants, tools, settings, time.perf_counter() - start)
    if settings.report:
        settings.report.write_text(report)
        progress(f"report: {settings.report}")
    else:
        print(report)
    if settings.csv:
        write_csv(settings.csv, results, variants)
        progress(f"csv: {settings.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
