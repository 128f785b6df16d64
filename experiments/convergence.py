"""Convergence of the searches of a sweep: best speedup so far against schedules benchmarked.

    python experiments/convergence.py SWEEP_DIRECTORY [--checkpoints 10,25,50,100]
                                      [--samples SAMPLES]

SWEEP_DIRECTORY is a ``polyopt polybench --variants ...,random:N,ga:N,ga-c:N`` sweep:
its outcomes.jsonl (the gcc baseline, and the anchors Pluto and Polly if they ran; its
results.csv where outcomes.jsonl is not kept) and samples/KERNEL.VARIANT.jsonl (every
candidate of each search, in the order it was judged, as ``--dump samples`` writes
them), or ``--samples``: another samples directory or an archive of them, e.g. the
committed ``polyopt/data/training/large-ga.tar.xz`` of ``polybench/results/large-ga``
(which leaves out the candidates the classifier kept from running: the skipped
column is then 0). For each kernel and search, the candidates
that were benchmarked (built and run: not the original, not one that polyopt could not
generate, not one the classifier kept from running) are counted in order, and the best
speedup over gcc after k of them is recorded. Writes convergence.md (per kernel and
search: the best speedup after each checkpoint, the final best, the benchmarks needed
to reach 95% of it; geometric means over kernels; the anchors in the same run) and
convergence.png (geometric mean of the best speedup so far against benchmarks run).
Nothing here runs a benchmark.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from polyopt.search.classifier import sample_files
from sweep_data import outcome_medians

SKIPPED = ("not benchmarked", "unbenchmarked")   # kept from running by a classifier
NOT_COUNTED = {"", "polyopt error", *SKIPPED}
SEARCH_PREFIXES = ("random", "ga", "ga-c", "ga-guard")
ANCHORS = ("polyopt", "isl", "pluto", "polly")


def best_so_far(samples: list[dict], baseline: float) -> list[float]:
    """Speedup over `baseline` of the best candidate after each benchmark (1.0 before
    any ran correctly: the original is always there to fall back on). A candidate of
    a file of several SCoPs has a line per SCoP: its first is counted."""
    curve, best = [], math.inf
    for sample in samples:
        if sample.get("candidate") == "original" or sample.get("status", "") in NOT_COUNTED:
            continue
        if sample.get("scop", 0) != 0:
            continue
        if sample.get("status") == "ok" and sample.get("seconds"):
            best = min(best, sample["seconds"])
        curve.append(baseline / best if best < math.inf else 1.0)
    return curve


def _searches(directory: Path, samples_source: Path | None = None):
    """(kernel, variant, gcc's median, samples) of every search in the sweep (its
    samples/, or `samples_source`: a directory or archive that ``sample_files`` reads)."""
    medians = outcome_medians(directory)
    source = samples_source or directory / "samples"
    for name, text in sample_files(source) if samples_source or source.is_dir() else []:
        stem = Path(name).name.removesuffix(".xz").removesuffix(".jsonl")
        kernel, _, variant = stem.partition(".")
        baseline = medians.get((kernel, "gcc"))
        if baseline is None:
            continue
        samples = [json.loads(line) for line in text.splitlines() if line.strip()]
        yield kernel, variant, baseline, samples


def read_curves(directory: Path, samples_source: Path | None = None
                ) -> dict[str, dict[str, list[float]]]:
    """{variant: {kernel: curve}} for every search in the sweep's samples."""
    curves: dict[str, dict[str, list[float]]] = {}
    for kernel, variant, baseline, samples in _searches(directory, samples_source):
        curves.setdefault(variant, {})[kernel] = best_so_far(samples, baseline)
    return curves


def read_skipped(directory: Path, samples_source: Path | None = None
                 ) -> dict[tuple[str, str], int]:
    """{(variant, kernel): schedules a classifier kept from running} (a SCoP's line
    each: the first SCoP's lines are counted)."""
    return {(variant, kernel): sum(1 for s in samples if s.get("status") in SKIPPED
                                   and s.get("scop", 0) == 0)
            for kernel, variant, _, samples in _searches(directory, samples_source)}


def at(curve: list[float], k: int) -> float | None:
    """Best speedup after k benchmarks; None if the search ran fewer."""
    return curve[k - 1] if len(curve) >= k else None


def to_reach(curve: list[float], share: float = 0.95) -> int | None:
    if not curve:
        return None
    goal = curve[-1] * share
    return next(index + 1 for index, value in enumerate(curve) if value >= goal)


def geometric_mean(values: list[float]) -> float | None:
    values = [v for v in values if v]
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def report(directory: Path, checkpoints: list[int], samples_source: Path | None = None) -> str:
    curves = read_curves(directory, samples_source)
    skipped = read_skipped(directory, samples_source)
    medians = outcome_medians(directory)
    kernels = sorted({kernel for by_kernel in curves.values() for kernel in by_kernel})
    fmt = lambda v: f"{v:.2f}x" if v is not None else "-"   # noqa: E731
    lines = [f"# Search convergence: {directory.name}", "",
             "Best speedup over gcc -O3 after k benchmarked schedules (-: the search ran "
             "fewer); final: after all; k95: benchmarks needed to reach 95% of the final "
             "best; skipped: schedules a classifier kept from running (ga-c, ga-guard). "
             "Anchors: the same run's medians.", ""]
    header = ["kernel", "search", *(f"k={k}" for k in checkpoints), "final", "k95", "benchmarks",
              "skipped"]
    lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for kernel in kernels:
        for variant in sorted(curves):
            curve = curves[variant].get(kernel)
            if curve is None:
                continue
            row = [kernel, variant, *(fmt(at(curve, k)) for k in checkpoints),
                   fmt(curve[-1] if curve else None), str(to_reach(curve) or "-"), str(len(curve)),
                   str(skipped.get((variant, kernel), 0))]
            lines.append("| " + " | ".join(row) + " |")
    lines += ["", "Geometric means over the kernels every search of the row ran (at k: only "
              "kernels whose search reached k).", "",
              "| search | " + " | ".join(f"k={k}" for k in checkpoints) + " | final |",
              "|---|" + "---|" * (len(checkpoints) + 1)]
    for variant in sorted(curves):
        by_kernel = curves[variant]
        values = [geometric_mean([at(c, k) for c in by_kernel.values() if at(c, k)])
                  for k in checkpoints]
        final = geometric_mean([c[-1] for c in by_kernel.values() if c])
        lines.append(f"| {variant} | " + " | ".join(fmt(v) for v in values) + f" | {fmt(final)} |")
    lines += _budget_table(curves, checkpoints, fmt)
    anchors = []
    for anchor in ANCHORS:
        speedups = [medians[(k, "gcc")] / medians[(k, anchor)] for k in kernels
                    if (k, anchor) in medians and (k, "gcc") in medians]
        if speedups:
            anchors.append(f"{anchor} {fmt(geometric_mean(speedups))} ({len(speedups)} kernels)")
    if anchors:
        lines += ["", "Anchors in the same run (geometric means): " + ", ".join(anchors) + "."]
    return "\n".join(lines) + "\n"


def within(curve: list[float], k: int) -> float | None:
    """Best speedup with a budget of k benchmarks: after k, or the search's final
    best where it stopped before k (its own termination: what a user with that
    budget gets); None for a search that ran nothing."""
    return curve[min(k, len(curve)) - 1] if curve else None


def _budget_table(curves: dict[str, dict[str, list[float]]], checkpoints: list[int],
                  fmt) -> list[str]:
    """Geometric means at equal budgets over the kernels every search ran (a search
    that stopped early keeps its final best, as in the plot), and each search's
    ratio to the random search's at the same budget."""
    common = sorted(set.intersection(*(set(k for k, c in by_kernel.items() if c)
                                       for by_kernel in curves.values()))) if curves else []
    if not common:
        return []
    means = {variant: [geometric_mean([within(curves[variant][kernel], k) for kernel in common])
                       for k in checkpoints] for variant in sorted(curves)}
    reference = next((v for v in means if v.startswith("random")), None)
    lines = ["", f"At equal budgets, over the {len(common)} kernels every search ran (a search "
             "that stopped before k, by its own termination, keeps its final best, as in the "
             "plot)" + (f"; in brackets, the ratio to {reference} at the same budget" if reference
                        else "") + ".", "",
             "| search | " + " | ".join(f"k={k}" for k in checkpoints) + " |",
             "|---|" + "---|" * len(checkpoints)]
    for variant, values in means.items():
        cells = []
        for k, value in enumerate(values):
            cell = fmt(value)
            if reference and variant != reference and value and means[reference][k]:
                cell += f" ({value / means[reference][k]:.2f})"
            cells.append(cell)
        lines.append(f"| {variant} | " + " | ".join(cells) + " |")
    return lines


def plot(directory: Path, out: Path, samples_source: Path | None = None) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    curves = read_curves(directory, samples_source)
    figure, axes = plt.subplots(figsize=(7, 4))
    for variant in sorted(curves):
        by_kernel = [c for c in curves[variant].values() if c]
        if not by_kernel:
            continue
        longest = max(map(len, by_kernel))
        # a search that stopped early keeps its final best
        means = [geometric_mean([c[min(k, len(c) - 1)] for c in by_kernel]) for k in range(longest)]
        axes.plot(range(1, longest + 1), means, label=variant)
    axes.set_xlabel("schedules benchmarked")
    axes.set_ylabel("best speedup over gcc -O3 (geometric mean)")
    axes.legend()
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(out, dpi=120)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sweep", type=Path)
    parser.add_argument("--checkpoints", default="10,25,50,100")
    parser.add_argument("--samples", type=Path, metavar="SAMPLES",
                        help="the searches' samples: a directory of KERNEL.VARIANT.jsonl(.xz) "
                             "or a tar archive of them (default: SWEEP_DIRECTORY/samples)")
    args = parser.parse_args(argv)
    checkpoints = [int(k) for k in args.checkpoints.split(",")]
    text = report(args.sweep, checkpoints, args.samples)
    (args.sweep / "convergence.md").write_text(text)
    plot(args.sweep, args.sweep / "convergence.png", args.samples)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
