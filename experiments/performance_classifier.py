"""The learned performance model as a search's classifier (``polyopt.search.predicted``),
tested on measured searches of programs it never saw: each searched schedule's
predicted speed-up over the code as written, the profitability rule applied, against
Polyite's label of the measured times (within 2x of the best of the program, which
profits 1.2x at all: ``polyopt.search.classifier.label``). Reports false negatives
(profitable schedules predicted unprofitable) and false positives per program and in
all, beside the shipped schedule classifier's leave-one-program-out rates on the same
searches when ``--forest`` is given (``polyopt model evaluate``). Times nothing.

    python experiments/performance_classifier.py polyopt/data/training/large-random.tar.xz \\
        polyopt/data/training/large-ga.tar.xz --dataset LARGE --report OUT.md
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import islpy as isl

from polyopt.core.dependences import compute_dependences
from polyopt.core.errors import PolyoptError
from polyopt.frontend import read_source
from polyopt.pipeline import Options, find_scops
from polyopt.polybench.suite import own_suite
from polyopt.scheduler.learned import shipped_model
from polyopt.search.classifier import Example, TrainingData, label, sample_files
from polyopt.search.predicted import PredictedSpeedups
from polyopt.tuning import parse_tile_sizes

STATUSES = ("ok", "timeout", "wrong")
# the rule's threshold at other values than SHARE_OF_BEST, for the report's curve
CURVE_SHARES = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8)


def searches(archive: Path, dataset: str, skip=()):
    """Each searched suite kernel of a samples archive (its sample files not in `skip`):
    (file name, kernel, entries, the kernel's SCoPs at `dataset`, each SCoP's original
    time in that search)."""
    suite = {kernel.name: kernel for kernel in own_suite().kernels}
    for name, text in sample_files(archive):
        kernel = suite.get(Path(name).name.split(".")[0])
        if kernel is None or name in skip:
            continue
        entries = [json.loads(line) for line in text.splitlines() if line.strip()]
        options = Options(defines=[f"{dataset}_DATASET"],
                          include_dirs=[str(d) for d in kernel.include_dirs])
        scops, _ = find_scops(read_source(str(kernel.source)), options)
        originals = {e.get("scop", 0): e["seconds"] for e in entries
                     if e.get("schedule") == "original" and e.get("status") == "ok"
                     and e.get("seconds")}
        yield name, kernel, entries, scops, originals


def examples_of(archives: list[Path], dataset: str) -> tuple[TrainingData, dict[int, float]]:
    """Polyite-labelled examples of the searches' schedules, and each one's predicted
    speed-up (by id of the example; missing where the estimate failed)."""
    data, predicted = TrainingData(), {}
    model = shipped_model()
    for archive in archives:
        for name, kernel, entries, scops, originals in searches(archive, dataset):
            kernel_name = kernel.name
            predictors: dict[int, PredictedSpeedups] = {}
            pending: dict[int, list[tuple[Example, tuple]]] = {}
            for entry in entries:
                index = entry.get("scop", 0)
                schedule = entry.get("schedule")
                if (schedule in (None, "original", "blas") or entry.get("status") not in STATUSES
                        or index >= len(scops) or not schedule.startswith("{")):
                    continue
                program = f"{Path(archive).name}:{kernel_name}" + (
                    f"#{index}" if len(scops) > 1 else "")
                example = Example(program, entry.get("candidate", ""), [], entry["status"],
                                  entry.get("seconds"), reference=originals.get(index))
                data.examples.append(example)
                try:
                    if index not in predictors:
                        predictors[index] = PredictedSpeedups(
                            scops[index], compute_dependences(scops[index]), model)
                        predictors[index].best    # (before the children fork)
                    tree = isl.Schedule.read_from_str(isl.DEFAULT_CONTEXT, schedule)
                except (isl.Error, PolyoptError, ValueError, ZeroDivisionError) as error:
                    print(f"{program}: {example.candidate}: {error}", file=sys.stderr)
                    continue
                pending.setdefault(index, []).append(
                    (example, (tree, _band_sizes(entry.get("tile_sizes")))))
            failed = 0
            for index, work in pending.items():
                speedups = predictors[index].speedups([pair for _, pair in work], jobs=2)
                for (example, _), speedup in zip(work, speedups):
                    if speedup is None:
                        failed += 1
                    else:
                        predicted[id(example)] = (speedup,
                                                  predictors[index].profitable(speedup),
                                                  predictors[index].best)
            print(f"{name}: {len(entries)} entries, {failed} not estimated", file=sys.stderr,
                  flush=True)
    label(data)
    return data, predicted


def _band_sizes(value) -> list[list[int]] | None:
    """A sample's tile sizes: JSON text (random searches) or a list (genetic ones)."""
    if isinstance(value, list):
        return value or None
    return parse_tile_sizes(value or "")


def rates(examples: list[Example], predicted: dict[int, tuple[float, bool]]) -> tuple:
    """(examples, profitable, false-negative share, false-positive share)."""
    judged = [e for e in examples if id(e) in predicted]
    profitable = [e for e in judged if e.profitable]
    unprofitable = [e for e in judged if not e.profitable]
    negatives = sum(not predicted[id(e)][1] for e in profitable)
    positives = sum(predicted[id(e)][1] for e in unprofitable)
    return (len(judged), len(profitable),
            negatives / len(profitable) if profitable else None,
            positives / len(unprofitable) if unprofitable else None)


def share(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("archives", nargs="+", type=Path)
    parser.add_argument("--dataset", default="LARGE")
    parser.add_argument("--report", type=Path)
    parser.add_argument("--csv", type=Path,
                        help="each judged schedule: program, predicted speed-up, the best "
                             "predicted of the default's candidates, measured label")
    args = parser.parse_args(argv)
    data, predicted = examples_of(args.archives, args.dataset)
    if args.csv:
        with args.csv.open("w") as out:
            out.write("program,candidate,predicted,best_predicted,profitable\n")
            for example in data.examples:
                if id(example) in predicted:
                    speedup, _, best = predicted[id(example)]
                    out.write(f"{example.program},{example.candidate},{speedup:.6g},"
                              f"{best:.6g},{int(bool(example.profitable))}\n")
    programs = sorted({e.program for e in data.examples})
    lines = ["| program | schedules | profitable | false negatives | false positives |",
             "|---|---|---|---|---|"]
    for program in programs:
        count, profitable, negatives, positives = rates(
            [e for e in data.examples if e.program == program], predicted)
        lines.append(f"| {program} | {count} | {profitable} | {share(negatives)} "
                     f"| {share(positives)} |")
    count, profitable, negatives, positives = rates(data.examples, predicted)
    lines.append(f"| **all** | {count} | {profitable} | **{share(negatives)}** "
                 f"| **{share(positives)}** |")
    curve = ["| share of the best predicted | false negatives | false positives |",
             "|---|---|---|"]
    for fraction in CURVE_SHARES:
        moved = {key: (speedup, speedup >= max(1.0, fraction * best), best)
                 for key, (speedup, _, best) in predicted.items()}
        _, _, negatives_at, positives_at = rates(data.examples, moved)
        curve.append(f"| {fraction:g} | {share(negatives_at)} | {share(positives_at)} |")
    text = (f"The learned performance model as a classifier (profitable: predicted at least "
            f"half the best predicted speed-up of the default's candidates), on "
            f"{len(programs)} searched programs of {', '.join(a.name for a in args.archives)} "
            f"at {args.dataset}, labelled by their measured times (Polyite's rule).\n\n"
            + "\n".join(lines) + "\n\nThe same predictions at other shares of the best "
            "(the rule's threshold; 0.5 is the shipped one, chosen before these searches "
            "were scored, and not moved by them):\n\n" + "\n".join(curve) + "\n")
    print(text)
    if args.report:
        args.report.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
