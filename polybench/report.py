"""report.md and speedup.png for a ``polyopt polybench`` run."""

from __future__ import annotations

import datetime
import math
import os
import platform
import statistics
import subprocess
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from polyopt import __version__
from polyopt.core.errors import format_warning
from polyopt.core.extras import missing_message
from polyopt.polybench.experiment import OK, Outcome
from polyopt.polybench.variants import label

# Below this median kernel time, the timed runs measure mostly noise (timer
# resolution, OpenMP thread start-up, cache state), not the schedule.
SHORT_KERNEL_SECONDS = 1e-3
# A variant slower than this fraction of the baseline's speed loses to it (the
# issue's bar: no kernel below 0.95x gcc); such cells are marked ▼ and counted.
SLOW_SPEEDUP = 0.95


@dataclass
class RunInfo:
    """What a reader needs to reproduce the run, and how long it took."""
    command: str
    suite: str
    harness: str
    dataset: str
    repeat: int
    threads: int
    tolerance: float
    variants: list[tuple[str, str]]     # (name, description: compiler and flags)
    unavailable: list[tuple[str, str]]  # (name, why)
    wall_seconds: float = 0.0
    interrupted: bool = False
    timeout: float = 0.0                # seconds a run may take (0: unknown)
    verified: bool = True               # False: run with --no-verify


def machine_description() -> list[str]:
    """CPU model, cores, memory, OS, compiler and library versions."""
    cpu = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        kib = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f", {kib / 2**20:.0f} GiB memory"
    except (OSError, ValueError, IndexError):
        pass
    lines = [f"CPU: {cpu}, {os.cpu_count()} logical cores{memory}",
             f"OS: {platform.platform()}",
             f"Python {platform.python_version()}, polyopt {__version__}"]
    for package in ("islpy", "pycparser"):
        try:
            lines[-1] += f", {package} {metadata.version(package)}"
        except metadata.PackageNotFoundError:
            pass
    return lines


def compiler_version(command: str) -> str:
    try:
        result = subprocess.run([command, "--version"], capture_output=True, text=True, timeout=30)
        return result.stdout.splitlines()[0] if result.stdout else command
    except (OSError, subprocess.TimeoutExpired):
        return command


def geometric_mean(values: list[float]) -> float | None:
    values = [value for value in values if value and value > 0]
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def speedups(results: list[Outcome], baseline: str) -> dict[tuple[str, str], float]:
    """(kernel, variant) -> baseline median / variant median, for verified variants."""
    base = {o.kernel: o.median for o in results if o.variant == baseline and o.median}
    return {(o.kernel, o.variant): base[o.kernel] / o.median
            for o in results if o.median and o.kernel in base}


def slow_counts(results: list[Outcome], variants: list[str]) -> dict[str, tuple[int, int, int]]:
    """Variant -> (kernels below SLOW_SPEEDUP x the baseline, kernels failed, kernels
    measured), for every variant but the baseline (the first)."""
    ratio = speedups(results, variants[0])
    counts = {}
    for name in variants[1:]:
        mine = [o for o in results if o.variant == name]
        measured = [o for o in mine if (o.kernel, name) in ratio]
        slow = [o for o in measured if ratio[(o.kernel, name)] < SLOW_SPEEDUP]
        counts[name] = (len(slow), sum(o.status != OK for o in mine), len(measured),
                        sum(o.original_code for o in slow))
    return counts


def _count_cell(slow: int, failed: int, measured: int, unchanged: int = 0) -> str:
    text = f"**{slow}**/{measured}" if slow else f"0/{measured}"
    if unchanged:
        text += f" ({unchanged} of them the original code)"
    return text + (f" (+{failed} failed)" if failed else "")


def _cell(outcome: Outcome | None, speedup: float | None, bound: float | None = None) -> str:
    """A report cell: the speedup (▼ below SLOW_SPEEDUP) and its marks, or the failure;
    ``bound``: the baseline's median over the run time limit, which a timeout is below."""
    if outcome is None:
        return "—"
    if outcome.status != OK:
        if outcome.status == "timeout" and bound:
            return f"**timeout** (<{bound:.2g}x) ▼"
        return f"**{outcome.status}**"
    text = f"{speedup:.3g}x" if speedup else "—"
    if speedup and speedup < SLOW_SPEEDUP:
        text = f"**{text}** ▼"
    if outcome.verification == "tolerance":
        text += " ≈"
    elif outcome.verification == "no-contraction":
        text += " †"
    if outcome.original_code:
        text += " (original code)"
    elif outcome.fallbacks:
        text += " (fallback)"
    return text


def write_report(path: Path, info: RunInfo, results: list[Outcome], compilers: list[str]) -> None:
    variants = [name for name, _ in info.variants]
    baseline = variants[0]
    by_key = {(o.kernel, o.variant): o for o in results}
    kernels = list(dict.fromkeys(o.kernel for o in results))
    ratio = speedups(results, baseline)
    lines = [f"# polyopt polybench: {info.dataset}", ""]
    if info.interrupted:
        lines += ["**Interrupted**: this report holds what was measured before Ctrl-C.", ""]
    lines += [f"Speedup = median kernel time of `{baseline}` / median of the variant "
              f"({info.repeat} timed runs each, runs of all variants interleaved). "
              "≈: verified within the relative tolerance, not bit for bit; "
              "†: verified only with both builds at -ffp-contract=off (see below); "
              "(fallback): polyopt kept some region or SCoP in its original form (listed below); "
              "(original code): it kept every SCoP as written, the same code as the baseline's "
              "(comments aside), so the ratio is noise; "
              f"‡: a median below {SHORT_KERNEL_SECONDS * 1e3:g} ms, timed mostly as noise "
              f"(see below); ▼: slower than {SLOW_SPEEDUP:g}x `{baseline}` (a timeout too).", ""]
    short = _short_kernels(kernels, variants, by_key)
    header = ["kernel", f"{label(baseline)} (s)", *[label(name) for name in variants[1:]],
              "verification"]
    lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for kernel in kernels:
        base = by_key.get((kernel, baseline))
        base_text = f"{base.median:.4g}" if base and base.median else f"**{base.status if base else '—'}**"
        bound = base.median / info.timeout if base and base.median and info.timeout else None
        cells = [_cell(by_key.get((kernel, name)), ratio.get((kernel, name)), bound)
                 for name in variants[1:]]
        checks = [o for o in (by_key.get((kernel, name)) for name in variants[1:]) if o]
        verified = sum(o.status == OK for o in checks)
        exact = sum(o.status == OK and o.verification == "exact" for o in checks)
        lines.append(f"| {kernel}{' ‡' if kernel in short else ''} | {base_text} | "
                     + " | ".join(cells) +
                     f" | {verified}/{len(checks)} ok " +
                     (f"({exact} exact) |" if info.verified else "(not verified) |"))
    means = []
    for name in variants[1:]:
        mean = geometric_mean([ratio[(k, name)] for k in kernels if (k, name) in ratio])
        count = sum((k, name) in ratio for k in kernels)
        means.append(f"**{mean:.3g}x** ({count})" if mean else "—")
    lines += ["| geometric mean (kernels) | | " + " | ".join(means) + " | |"]
    counts = slow_counts(results, variants)
    lines += [f"| below {SLOW_SPEEDUP:g}x {label(baseline)} (of kernels measured) | | "
              + " | ".join(_count_cell(*counts[name]) for name in variants[1:]) + " | |", ""]
    lines += _short_note(short)
    lines += _spread_table(kernels, variants, by_key)
    lines += _failures(results)
    lines += _searches(results)
    lines += _gpu_times(results, by_key, baseline)
    lines += _tool_times(results, variants)
    lines += _wall_time(info, results)
    lines += _setup(info, compilers)
    path.write_text("\n".join(lines) + "\n")


def _short_kernels(kernels, variants, by_key) -> dict[str, list[tuple[str, float]]]:
    """Kernel -> the (variant, median) pairs below SHORT_KERNEL_SECONDS."""
    short = {}
    for kernel in kernels:
        medians = [(name, by_key[(kernel, name)].median) for name in variants
                   if (kernel, name) in by_key and by_key[(kernel, name)].median is not None]
        below = [(name, median) for name, median in medians if median < SHORT_KERNEL_SECONDS]
        if below:
            short[kernel] = below
    return short


def _short_note(short: dict[str, list[tuple[str, float]]]) -> list[str]:
    if not short:
        return []
    listed = "; ".join(f"{kernel} (" + ", ".join(f"{label(name)} {median * 1e3:.3g} ms"
                                                  for name, median in below) + ")"
                       for kernel, below in short.items())
    return [f"**Timed mostly as noise** (‡): {len(short)} kernel(s) ran for less than "
            f"{SHORT_KERNEL_SECONDS * 1e3:g} ms (median): {listed}. At such times the timer's "
            "resolution, OpenMP's thread start-up and the state of the caches weigh as much as "
            "the schedule does, so these speedups say little; a larger `--dataset` "
            "(LARGE, the default) measures the schedules.", ""]


def _spread_table(kernels, variants, by_key) -> list[str]:
    lines = ["## Medians and spreads", "",
             "Median kernel time in seconds, and the spread (max - min) / median of the timed runs.", "",
             "| kernel | " + " | ".join(map(label, variants)) + " |",
             "|" + "---|" * (len(variants) + 1)]
    for kernel in kernels:
        cells = []
        for name in variants:
            outcome = by_key.get((kernel, name))
            if outcome is None or outcome.median is None:
                cells.append(outcome.status if outcome else "—")
            else:
                low, high = min(outcome.seconds), max(outcome.seconds)
                cells.append(f"{outcome.median:.4g} ±{(high - low) / outcome.median * 100:.0f}%"
                             if outcome.median > 0 else f"{outcome.median:.4g}")
        lines.append(f"| {kernel} | " + " | ".join(cells) + " |")
    return lines + [""]


def _failures(results: list[Outcome]) -> list[str]:
    lines = ["## Failures and fallbacks", ""]
    failed = [o for o in results if o.status != OK]
    fallen = [o for o in results if o.fallbacks]
    noted = [o for o in results if o.status == OK and o.detail]
    if not failed and not fallen and not noted:
        return lines + ["None: every variant of every kernel built, ran, verified, and polyopt "
                        "optimized every SCoP.", ""]
    for outcome in failed:
        detail = outcome.detail.strip().replace("\n", " ")[:400]
        lines.append(f"- {outcome.kernel} / {label(outcome.variant)}: **{outcome.status}**: "
                     f"{detail}")
    for outcome in noted:
        lines.append(f"- {outcome.kernel} / {label(outcome.variant)}: {outcome.detail}")
    for outcome in fallen:
        for note in outcome.fallbacks:
            lines.append(f"- {outcome.kernel} / {label(outcome.variant)}: fallback: "
                         f"{note.strip()}")
    counts = {}
    for outcome in failed:
        counts[outcome.status] = counts.get(outcome.status, 0) + 1
    if counts:
        lines += ["", "Failures by kind: " + ", ".join(f"{k}: {v}" for k, v in counts.items())]
    return lines + [""]


def _searches(results: list[Outcome]) -> list[str]:
    searched = [o for o in results if o.search_counts]
    if not searched:
        return []
    statuses = list(dict.fromkeys(k for o in searched for k in o.search_counts))
    lines = ["## Searches", "",
             "Each search evaluated the original code, the original order (tiled, parallel), "
             "isl's schedule, the best stored schedules, and the schedules counted here "
             "(random ones for random:N, the genetic algorithm's for ga:N), each built, run "
             "once and verified against the original; the fastest few were run twice more "
             "and the lowest median won. With a classifier (ga-c:N, ga-guard:N), the ones "
             "it kept from running are counted as 'not benchmarked'.", "",
             "| kernel | variant | winner | " + " | ".join(statuses) + " |",
             "|---|---|---|" + "---|" * len(statuses)]
    totals = {k: 0 for k in statuses}
    for outcome in searched:
        for k in statuses:
            totals[k] += outcome.search_counts.get(k, 0)
        lines.append(f"| {outcome.kernel} | {label(outcome.variant)} | {outcome.search_winner} | "
                     + " | ".join(str(outcome.search_counts.get(k, 0)) for k in statuses) + " |")
    total = sum(totals.values())
    if total:
        lines += ["", f"Of {total} searched schedules: " + ", ".join(
            f"{k} {v} ({100 * v / total:.1f}%)" for k, v in totals.items()) + "."]
    return lines + [""]


def _gpu_times(results: list[Outcome], by_key, baseline: str) -> list[str]:
    """Kernels alone vs with allocation and transfers, for the CUDA variants."""
    gpu = [o for o in results if o.gpu_kernel_seconds and o.median]
    if not gpu:
        return []
    lines = ["## GPU times", "",
             "CUDA events around each SCoP: the kernels alone, and with allocation and the "
             "transfers in and out (what the speedups above use); medians of the timed runs.", "",
             f"| kernel | variant | {label(baseline)} (s) | kernels (s) | with transfers (s) | "
             "speedup, kernels | speedup, with transfers |", "|---|---|---|---|---|---|---|"]
    for outcome in gpu:
        base = by_key.get((outcome.kernel, baseline))
        kernels = statistics.median(outcome.gpu_kernel_seconds)
        if base is None or not base.median:
            continue
        lines.append(f"| {outcome.kernel} | {label(outcome.variant)} | {base.median:.4g} | {kernels:.4g} | "
                     f"{outcome.median:.4g} | {base.median / kernels:.3g}x | "
                     f"{base.median / outcome.median:.3g}x |" if kernels > 0 else
                     f"| {outcome.kernel} | {label(outcome.variant)} | {base.median:.4g} | 0 | "
                     f"{outcome.median:.4g} | | |")
    return lines + [""]


def _tool_times(results: list[Outcome], variants: list[str]) -> list[str]:
    """The source-to-source step's own time per kernel, for each variant that has one."""
    rows = []
    for name in variants:
        times = sorted(o.polyopt_seconds for o in results
                       if o.variant == name and o.polyopt_seconds > 0)
        if times:
            worst = max((o for o in results if o.variant == name), key=lambda o: o.polyopt_seconds)
            rows.append(f"| {label(name)} | {len(times)} | {statistics.median(times):.3g} | "
                        f"{worst.polyopt_seconds:.3g} ({worst.kernel}) | {sum(times):.3g} |")
    if not rows:
        return []
    return ["## Source-to-source time", "",
            "Seconds the optimizer took per kernel (one run, not repeated): a tool run as a "
            "command (the default pipeline, Pluto) includes its process start-up; polyopt's "
            "other variants run inside the runner and do not; a random:N search includes "
            "its builds and runs.", "",
            "| variant | kernels | median (s) | max (s) | total (s) |", "|---|---|---|---|---|",
            *rows, ""]


def _wall_time(info: RunInfo, results: list[Outcome]) -> list[str]:
    tool = sum(o.polyopt_seconds for o in results)
    build = sum(o.compile_seconds for o in results)
    run = sum(o.run_seconds for o in results)
    total = info.wall_seconds or (tool + build + run)
    other = max(total - tool - build - run, 0.0)

    def share(value: float) -> str:
        return f"{value:.1f} s ({value / total * 100:.1f}%)" if total > 0 else f"{value:.1f} s"
    return ["## Wall time", "",
            f"- total: {total:.1f} s",
            f"- polyopt and other source-to-source tools: {share(tool)}",
            f"- compiling: {share(build)}",
            f"- running (verification and timed runs, whole processes): {share(run)}",
            f"- other (dump comparison, bookkeeping): {share(other)}", ""]


def _setup(info: RunInfo, compilers: list[str]) -> list[str]:
    lines = ["## Setup", "",
             f"- date: {datetime.datetime.now().isoformat(timespec='seconds')}",
             f"- command: `{info.command}`",
             f"- suite: {info.suite}",
             f"- harness: {info.harness}",
             f"- dataset: {info.dataset} (`-D{info.dataset}_DATASET`), {info.repeat} timed runs "
             "per variant, each a fresh process" + ("; the first also dumps the arrays for "
             "verification, after the kernel's timer has stopped" if info.verified else ""),
             f"- OMP_NUM_THREADS={info.threads}",
             f"- verification: dumped arrays against the baseline's, exact, or relative error "
             f"≤ {info.tolerance:g} (denominator floored at 1e-6 of the array's largest magnitude)"
             if info.verified else "- verification: **none** (`--no-verify`): no arrays "
             "dumped or compared; \"ok\" means built and ran"]
    lines += [f"- machine: {line}" for line in machine_description()]
    lines += [f"- compiler: {version}" for version in compilers]
    lines += ["", "Variants:", ""]
    lines += [f"- `{name}`" + (f" ({label(name)})" if label(name) != name else "")
              + f": {description}" for name, description in info.variants]
    lines += [f"- `{name}`: **skipped**: {why}" for name, why in info.unavailable]
    return lines + [""]


FAILED_LABEL = "failed (build, run, time limit or wrong output)"


def plot_speedups(results: list[Outcome], variants: list[str]):
    """The figure of speedup.png: a bar per kernel and variant (log scale), a red
    x on the 1x line where a variant failed (an empty slot: not run); None if
    there is nothing to plot. The caller closes it (matplotlib.pyplot.close)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot
    baseline, others = variants[0], variants[1:]
    ratio = speedups(results, baseline)
    kernels = list(dict.fromkeys(o.kernel for o in results))
    if not others or not ratio:
        return None
    by_key = {(o.kernel, o.variant): o for o in results}
    width = 0.8 / len(others)
    figure, axes = pyplot.subplots(figsize=(min(24.0, max(8.0, 0.2 * len(kernels) * max(len(others), 2))), 6))
    failed = []
    for index, name in enumerate(others):
        positions = [k + (index - (len(others) - 1) / 2) * width for k in range(len(kernels))]
        values = [ratio.get((kernel, name), math.nan) for kernel in kernels]
        axes.bar(positions, values, width, label=label(name))
        failed += [position for position, kernel in zip(positions, kernels)
                   if (kernel, name) in by_key and by_key[(kernel, name)].status != OK]
    if failed:
        axes.scatter(failed, [1.0] * len(failed), marker="x", color="red", s=40, zorder=3,
                     label=FAILED_LABEL)
    axes.axhline(1.0, color="black", linewidth=0.8)
    axes.set_yscale("log")
    axes.set_xticks(range(len(kernels)))
    axes.set_xticklabels(kernels, rotation=60, ha="right")
    axes.set_ylabel(f"speedup over {label(baseline)} (log scale)")
    axes.legend()
    axes.grid(axis="y", which="both", alpha=0.3)
    figure.tight_layout()
    return figure


def write_plot(path: Path, results: list[Outcome], variants: list[str]) -> bool:
    """speedup.png (see ``plot_speedups``); False if there is nothing to plot."""
    try:
        figure = plot_speedups(results, variants)
    except ImportError as error:    # no matplotlib: the results are written all the same
        print(format_warning(missing_message("matplotlib", "speedup.png", error), None),
              file=sys.stderr)
        return False
    if figure is None:
        return False
    import matplotlib.pyplot as pyplot
    figure.savefig(path, dpi=110)
    pyplot.close(figure)
    return True


def summary_line(results: list[Outcome], variants: list[str]) -> str:
    ratio = speedups(results, variants[0])
    kernels = list(dict.fromkeys(o.kernel for o in results))
    parts = []
    for name in variants[1:]:
        mean = geometric_mean([ratio[(k, name)] for k in kernels if (k, name) in ratio])
        failed = sum(o.variant == name and o.status != OK for o in results)
        parts.append(f"{label(name)} {mean:.3g}x" if mean else f"{label(name)} —")
        slow = slow_counts(results, variants)[name][0]
        notes = ([f"{slow} below {SLOW_SPEEDUP:g}x"] if slow else []) + \
                ([f"{failed} failed"] if failed else [])
        if notes:
            parts[-1] += f" ({', '.join(notes)})"
    line = (f"{len(kernels)} kernels; geometric-mean speedup over {label(variants[0])}: "
            + ", ".join(parts))
    short = _short_kernels(kernels, variants, {(o.kernel, o.variant): o for o in results})
    if short:
        line += (f"; {len(short)} kernel(s) ran under {SHORT_KERNEL_SECONDS * 1e3:g} ms, "
                 "timed mostly as noise (see report.md)")
    return line
