"""One page over several ``polyopt polybench`` runs (one per dataset): per run and
variant, the geometric-mean speedup over gcc, the kernels below 0.95x gcc (named) and
the failures; then the summary lines of the whole-program and tool-speed reports where
they exist. Reads each run's results.csv. Usage:

    python experiments/summary.py DIR... [--programs FILE] [--tool-speed FILE] [--out FILE]
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import sys
from pathlib import Path

from polyopt.polybench.report import SLOW_SPEEDUP, geometric_mean
from polyopt.polybench.variants import BASELINE, label

ROOT = Path(__file__).resolve().parents[1]


def read_run(directory: Path) -> tuple[str, list[str], dict[tuple[str, str], float | str]]:
    """(dataset, variants in order, (kernel, variant) -> median seconds, or the status
    of a failure) from a run's results.csv."""
    with open(directory / "results.csv", newline="") as stream:
        rows = list(csv.DictReader(stream))
    dataset = rows[0]["dataset"] if rows else "?"
    variants = list(dict.fromkeys(row["variant"] for row in rows))
    times: dict[tuple[str, str], list[float]] = {}
    failed: dict[tuple[str, str], str] = {}
    for row in rows:
        key = (row["kernel"], row["variant"])
        if row["status"] != "ok":
            failed[key] = row["status"]
        elif row["seconds"]:
            times.setdefault(key, []).append(float(row["seconds"]))
    cells: dict[tuple[str, str], float | str] = {k: statistics.median(v) for k, v in times.items()}
    cells.update(failed)
    return dataset, variants, cells


def original_code(directory: Path) -> set[tuple[str, str]]:
    """(kernel, variant) whose polyopt output was the original code (outcomes.jsonl)."""
    path = directory / "outcomes.jsonl"
    if not path.is_file():
        return set()
    found = set()
    for line in path.read_text().splitlines():
        record = json.loads(line) if line.strip() else {}
        if record.get("original_code"):
            found.add((record["kernel"], record["variant"]))
    return found


DEFAULTS = ("polyopt", "auto")   # the variants that are polyopt's default pipeline
ANCHOR = "pluto"


def summarize(directories: list[Path]) -> list[str]:
    lines = ["| dataset | variant | geometric mean over gcc | kernels below "
             f"{SLOW_SPEEDUP:g}x gcc | failed |", "|---|---|---|---|---|"]
    verdicts = []
    for directory in directories:
        if not (directory / "results.csv").is_file():
            lines.append(f"| {directory} | | no results.csv | | |")
            continue
        dataset, variants, cells = read_run(directory)
        unchanged = original_code(directory)
        kernels = list(dict.fromkeys(kernel for kernel, _ in cells))
        means, counts = {}, {}
        for name in variants:
            if name == BASELINE:
                continue
            ratios, slow, failed = [], [], []
            for kernel in kernels:
                base, mine = cells.get((kernel, BASELINE)), cells.get((kernel, name))
                if isinstance(mine, str):
                    failed.append(f"{kernel} ({mine})")
                elif isinstance(base, float) and isinstance(mine, float) and mine > 0:
                    ratios.append(base / mine)
                    if base / mine < SLOW_SPEEDUP:
                        slow.append(f"{kernel} {base / mine:.3g}x"
                                    + (" (original code)" if (kernel, name) in unchanged else ""))
            mean = geometric_mean(ratios)
            means[name], counts[name] = mean, len(slow) + len(failed)
            lines.append(f"| {dataset} ({directory.name}) | {label(name)} | "
                         + (f"{mean:.3g}x ({len(ratios)} kernels)" if mean else "—")
                         + f" | {len(slow)}" + (": " + ", ".join(slow) if slow else "")
                         + f" | {len(failed)}" + (": " + ", ".join(failed) if failed else "")
                         + " |")
        for name in (n for n in DEFAULTS if n in means):
            verdict = (f"- {dataset}: {label(name)}: "
                       + ("no kernel below 0.95x gcc" if counts[name] == 0 else
                          f"**{counts[name]} kernel(s) below {SLOW_SPEEDUP:g}x gcc or failed**"))
            if means[name] and means.get(ANCHOR):
                verdict += (f"; geometric mean {means[name]:.3g}x "
                            + ("≥" if means[name] >= means[ANCHOR] else "**<**")
                            + f" {label(ANCHOR)}'s {means[ANCHOR]:.3g}x")
            verdicts.append(verdict)
    return lines + ([""] + verdicts if verdicts else [])


def _bold_line(path: Path, prefix: str) -> str | None:
    if not path.is_file():
        return None
    return next((line.replace("**", "") for line in path.read_text().splitlines()
                 if line.startswith(prefix)), None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directories", nargs="+", type=Path, help="polyopt polybench --out DIRs")
    parser.add_argument("--programs", type=Path,
                        default=ROOT / "polybench" / "results" / "programs" / "report.md")
    parser.add_argument("--tool-speed", type=Path,
                        default=ROOT / "polybench" / "results" / "tool_speed_kernels.md")
    parser.add_argument("--out", type=Path, help="write here too (default: standard output only)")
    args = parser.parse_args(argv)
    lines = ["# Acceptance summary", "",
             "From each run's results.csv: speedup = gcc's median / the variant's median per "
             "kernel; a kernel counts as failed where any of its runs failed.", "",
             *summarize(args.directories), ""]
    programs = _bold_line(args.programs, "**")
    if programs:
        lines += [f"Whole programs ({args.programs}): {programs}", ""]
    tool = _bold_line(args.tool_speed, "**Over")
    if tool:
        lines += [f"polyopt's own time ({args.tool_speed}): {tool}", ""]
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
