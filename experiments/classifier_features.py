"""Would the performance models' predictions make the schedule classifier better?
Leave-one-program-out forests on measured PolyBench searches with four sets of
features: Polyite's ten (``scheduler.features``), the learned and the analytical
model's predicted speed-ups over the code as written (also divided by the best they
predict for the default's candidates), both, and the predictions relative to the
program's population of searched schedules (divided by its best, and as a rank).
Labels are Polyite's (``polyopt.search.classifier.label``). Also prints each
program's rank correlation of predicted and measured times. Times nothing.

    python experiments/classifier_features.py polyopt/data/training/large-random.tar.xz \\
        polyopt/data/training/large-ga.tar.xz --rows /tmp/rows.jsonl

Computing the features and predictions takes about 15 minutes for the two archives
(two processes); ``--rows`` keeps them, and a second run with the same file only
trains and evaluates (about a minute).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path

import islpy as isl
import numpy as np

from performance_classifier import STATUSES, _band_sizes, searches
from polyopt.core.dependences import compute_dependences
from polyopt.core.errors import PolyoptError
from polyopt.core.timebox import map_with_cpu_limit
from polyopt.scheduler.auto import Judged, judge_candidates, model_speedups
from polyopt.scheduler.candidates import CandidateSchedule
from polyopt.scheduler.cost import estimate
from polyopt.scheduler.learned import shipped_model
from polyopt.scheduler.tiling import TilingReport, tile_schedule
from polyopt.search.classifier import (Example, TrainingData, feature_extractor, features_of,
                                       label)
from polyopt.search.predicted import PredictedSpeedups

THRESHOLDS = (0.5, 0.4, 0.3, 0.25, 0.2)
KINDS = ("polyite", "predictions", "both", "population")


class _Predictor(PredictedSpeedups):
    """Both models' predicted speed-ups of a schedule and its Polyite features."""

    def row(self, schedule: isl.Schedule, band_sizes) -> dict | None:
        try:
            report = TilingReport()
            scheduled = tile_schedule(schedule, None, report, isolate=False, scop=self.scop,
                                      band_sizes=band_sizes)
            judged = Judged(CandidateSchedule("searched", schedule),
                            estimate(self._shapes(scheduled), self.machine, True),
                            tiled=bool(report.bands))
            analytical, learned = model_speedups([self.original, judged], self.model)
            return {"analytical": analytical[1], "learned": learned[1],
                    "features": features_of(self.extractor, schedule.to_str(), band_sizes)}
        except (isl.Error, PolyoptError, ValueError, ZeroDivisionError, KeyError):
            return None

    def bests(self) -> tuple[float, float]:
        judged = judge_candidates(self.scop, self.dependences, True, None, True, self.machine)
        analytical, learned = model_speedups(judged, self.model)
        return max(analytical), max(learned)


def collect(archives: list[Path], rows_path: Path, dataset: str) -> None:
    """One JSON line per searched schedule (resumable: sample files already in
    `rows_path` are skipped)."""
    done = set()
    if rows_path.exists():
        done = {json.loads(line)["file"] for line in rows_path.read_text().splitlines()}
    model = shipped_model()
    with rows_path.open("a") as out:
        for archive in archives:
            for name, kernel, entries, scops, originals in searches(archive, dataset, done):
                predictors: dict[int, _Predictor] = {}
                work: dict[int, list] = defaultdict(list)
                for entry in entries:
                    index, schedule = entry.get("scop", 0), entry.get("schedule")
                    if (schedule in (None, "original", "blas") or index >= len(scops)
                            or entry.get("status") not in STATUSES
                            or not schedule.startswith("{")):
                        continue
                    try:
                        if index not in predictors:
                            scop = scops[index]
                            predictor = _Predictor(scop, compute_dependences(scop), model)
                            predictor.extractor = feature_extractor(scop)
                            predictor.best_pair = predictor.bests()
                            predictors[index] = predictor
                        tree = isl.Schedule.read_from_str(isl.DEFAULT_CONTEXT, schedule)
                    except (isl.Error, PolyoptError, ValueError, ZeroDivisionError) as error:
                        print(f"{name}: {error}", file=sys.stderr)
                        continue
                    work[index].append((entry, (tree, _band_sizes(entry.get("tile_sizes")))))
                for index, items in work.items():
                    predictor = predictors[index]
                    found = [None] * len(items)
                    for k, value, _, _ in map_with_cpu_limit(10.0, 2, predictor.row,
                                                             [pair for _, pair in items]):
                        found[k] = value
                    for (entry, _), value in zip(items, found):
                        row = {"file": name, "kernel": kernel.name, "scop": index,
                               "scops": len(scops), "status": entry["status"],
                               "seconds": entry.get("seconds"),
                               "reference": originals.get(index),
                               "best_analytical": predictor.best_pair[0],
                               "best_learned": predictor.best_pair[1], **(value or {})}
                        out.write(json.dumps(row) + "\n")
                out.flush()
                print(f"{name}: {len(entries)} entries", file=sys.stderr, flush=True)


def _log(value) -> float:
    return math.log(value) if value and value > 0 else -10.0


def evaluate(rows: list[dict]) -> str:
    from scipy.stats import spearmanr
    from sklearn.ensemble import RandomForestClassifier
    data = TrainingData()
    for row in rows:
        if row["status"] not in ("ok", "timeout"):
            continue
        program = row["kernel"] + (f"#{row['scop']}" if row["scops"] > 1 else "")
        example = Example(program, "", [], row["status"], row["seconds"],
                          reference=row["reference"])
        example.row = row
        data.examples.append(example)
    label(data)
    examples = data.examples
    population = defaultdict(list)
    for example in examples:
        population[example.program].append(example)

    def relative(example, name) -> list[float]:
        values = [_log(e.row.get(name)) for e in population[example.program] if e.row.get(name)]
        value = example.row.get(name)
        if not value or not values:
            return [-10.0, 0.0]
        return [_log(value) - max(values), sum(v <= _log(value) for v in values) / len(values)]

    def features(example, kind) -> list[float]:
        row = example.row
        polyite = row.get("features") or [-10.0] * 10
        predictions = [_log(row.get("learned")), _log(row.get("analytical")),
                       _log(row.get("learned")) - _log(row["best_learned"]),
                       _log(row.get("analytical")) - _log(row["best_analytical"])]
        return {"polyite": polyite, "predictions": predictions,
                "both": polyite + predictions,
                "population": relative(example, "learned") + relative(example, "analytical")
                }[kind]

    labels = np.array([int(e.profitable) for e in examples])
    kernels = np.array([e.program.split("#")[0] for e in examples])
    programs = np.array([e.program for e in examples])
    lines = [f"{len(examples)} schedules of {len(set(programs))} programs, "
             f"{labels.sum()} profitable; leave one kernel out, false negatives / false "
             "positives averaged over the programs", "",
             "| features | " + " | ".join(f"threshold {t}" for t in THRESHOLDS) + " |",
             "|---|" + "---|" * len(THRESHOLDS)]
    for kind in KINDS:
        matrix = np.array([features(e, kind) for e in examples], dtype=float)
        probability = np.zeros(len(examples))
        for kernel in sorted(set(kernels)):
            held = kernels == kernel
            forest = RandomForestClassifier(n_estimators=100, min_samples_leaf=20,
                                            max_features=None, random_state=0, n_jobs=2)
            forest.fit(matrix[~held], labels[~held])
            if 1 in forest.classes_:
                column = list(forest.classes_).index(1)
                probability[held] = forest.predict_proba(matrix[held])[:, column]
        cells = []
        for threshold in THRESHOLDS:
            negatives, positives = [], []
            for program in sorted(set(programs)):
                mine = programs == program
                if (mine & (labels == 1)).any():
                    negatives.append(np.mean(probability[mine & (labels == 1)] < threshold))
                if (mine & (labels == 0)).any():
                    positives.append(np.mean(probability[mine & (labels == 0)] >= threshold))
            cells.append(f"{np.mean(negatives):.0%} / {np.mean(positives):.0%}")
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    correlations = {}
    for program, group in sorted(population.items()):
        ran = [e for e in group if e.status == "ok" and e.seconds and e.row.get("learned")]
        if len(ran) >= 10:
            measured = [math.log(e.seconds) for e in ran]
            correlations[program] = tuple(
                spearmanr([-_log(e.row[name]) for e in ran], measured).correlation
                for name in ("learned", "analytical"))
    lines += ["", "| program | rank correlation, learned | analytical |", "|---|---|---|"]
    lines += [f"| {p} | {a:+.2f} | {b:+.2f} |" for p, (a, b) in correlations.items()]
    lines.append(f"| **median** | {statistics.median(a for a, _ in correlations.values()):+.2f} "
                 f"| {statistics.median(b for _, b in correlations.values()):+.2f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("archives", nargs="+", type=Path)
    parser.add_argument("--rows", type=Path, required=True,
                        help="JSON lines of the schedules' features and predictions (kept)")
    parser.add_argument("--dataset", default="LARGE")
    parser.add_argument("--report", type=Path)
    args = parser.parse_args(argv)
    collect(args.archives, args.rows, args.dataset)
    text = evaluate([json.loads(line) for line in args.rows.read_text().splitlines()])
    print(text)
    if args.report:
        args.report.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
