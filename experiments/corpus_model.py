"""A learned performance model on the measured corpus (experiments/corpus_measure.py),
tested on programs it never saw: each candidate's time relative to the program's code
as written, predicted by gradient boosting from the cost model's features, and the
candidate each model would choose, per program, in a cross-validation by program.

Reported per model (the analytical model's own choice with its margins; the analytical
model's fastest prediction; the learned model's): the geometric mean and the worst of
the regret (measured time of the chosen candidate / the best candidate's), the share of
programs where it picks the best, Spearman's rank correlation of predicted and measured
times within a program, and the geometric-mean speedup over the code as written.

    python experiments/corpus_model.py corpus.jsonl [--folds 5] [--report report.md] \
        [--test suite-medium.jsonl]
"""

from __future__ import annotations

import argparse
import json
import lzma
import math
import random
import statistics
import sys
from pathlib import Path

LEVELS = 3


def rows_of(record: dict) -> list[dict]:
    """The candidates of one program that ran and verified, with the program's original."""
    candidates = [c for c in record.get("candidates", []) if c.get("status") == "ok"
                  and c.get("seconds")]
    original = next((c for c in record.get("candidates", []) if c.get("original")), None)
    if original is None or not original.get("seconds") or len(candidates) < 2:
        return []
    return [dict(c, program=record["program"], base_seconds=original["seconds"],
                 base_predicted=original["predicted"]) for c in candidates]


def feature_vector(row: dict) -> list[float]:
    instances = max(row["instances"], 1.0)
    lines = (row.get("lines") or []) + [0.0] * LEVELS
    return [
        math.log(max(row["predicted"], 1e-9)),
        math.log(max(row["predicted"], 1e-9) / max(row["base_predicted"], 1e-9)),
        math.log(instances),
        row["compute_ns"] / instances, row["memory_ns"] / instances, row["loop_ns"] / instances,
        row["vectorized"], row["parallel"], row["outer_parallel"], row["speedup"],
        *(math.log1p(lines[k]) - math.log(instances) for k in range(LEVELS)),
        math.log1p(row["regions"]), row["statements"],
        float(row["original"]), float(row["tiled"]), float(row["serial"]),
        float(row["wavefront"]), float(row["time_tiles"]),
    ]


def target(row: dict) -> float:
    return math.log(row["seconds"] / row["base_seconds"])


def spearman(a: list[float], b: list[float]) -> float | None:
    if len(a) < 3:
        return None

    def ranks(values):
        order = sorted(range(len(values)), key=values.__getitem__)
        result = [0.0] * len(values)
        for rank, index in enumerate(order):
            result[index] = float(rank)
        return result

    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.mean(ra), statistics.mean(rb)
    num = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    den = math.sqrt(sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb))
    return num / den if den else None


def evaluate(programs: dict[str, list[dict]], predictions: dict[int, float]) -> dict:
    """Per model: regrets, picks of the best, rank correlations, speedups."""
    models = {"analytical choice": lambda rows: next((r for r in rows if r["chosen"]), rows[0]),
              "analytical fastest": lambda rows: min(rows, key=lambda r: r["predicted"]),
              "learned": lambda rows: min(rows, key=lambda r: predictions[id(r)]),
              "code as written": lambda rows: next(r for r in rows if r["original"])}
    result = {}
    for name, pick in models.items():
        regrets, best, correlations, speedups = [], 0, [], []
        for rows in programs.values():
            fastest = min(r["seconds"] for r in rows)
            chosen = pick(rows)
            regrets.append(chosen["seconds"] / fastest)
            best += chosen["seconds"] <= fastest * 1.0001
            speedups.append(chosen["base_seconds"] / chosen["seconds"])
            if name != "code as written":
                predicted = [predictions[id(r)] if name == "learned" else r["predicted"]
                             for r in rows]
                rho = spearman(predicted, [r["seconds"] for r in rows])
                if rho is not None:
                    correlations.append(rho)
        result[name] = {
            "regret_geomean": math.exp(statistics.mean(math.log(r) for r in regrets)),
            "regret_worst": max(regrets),
            "picks_best": best / len(programs),
            "spearman_mean": statistics.mean(correlations) if correlations else None,
            "speedup_geomean": math.exp(statistics.mean(math.log(s) for s in speedups)),
        }
    result["best candidate"] = {"speedup_geomean": math.exp(statistics.mean(
        math.log(max(r["base_seconds"] / r["seconds"] for r in rows))
        for rows in programs.values())), "regret_geomean": 1.0, "regret_worst": 1.0,
        "picks_best": 1.0, "spearman_mean": None}
    return result


def cross_validated(programs: dict[str, list[dict]], folds: int, seed: int) -> dict[int, float]:
    """Each row's prediction by a model trained on the other folds' programs."""
    from sklearn.ensemble import GradientBoostingRegressor
    names = sorted(programs)
    random.Random(seed).shuffle(names)
    predictions: dict[int, float] = {}
    for fold in range(folds):
        test = set(names[fold::folds])
        train = [r for n in names if n not in test for r in programs[n]]
        model = GradientBoostingRegressor(n_estimators=300, max_depth=3, learning_rate=0.05,
                                          subsample=0.8, random_state=seed)
        model.fit([feature_vector(r) for r in train], [target(r) for r in train])
        for name in test:
            rows = programs[name]
            for row, value in zip(rows, model.predict([feature_vector(r) for r in rows])):
                predictions[id(row)] = float(value)
    return predictions


def trained(programs: dict[str, list[dict]], seed: int):
    """The model trained on every row of `programs`."""
    from sklearn.ensemble import GradientBoostingRegressor
    rows = [r for name in sorted(programs) for r in programs[name]]
    model = GradientBoostingRegressor(n_estimators=300, max_depth=3, learning_rate=0.05,
                                      subsample=0.8, random_state=seed)
    model.fit([feature_vector(r) for r in rows], [target(r) for r in rows])
    return model


def read_programs(path: Path) -> dict[str, list[dict]]:
    """The measured programs of a corpus file (JSON lines, or xz-compressed ones)."""
    text = lzma.decompress(path.read_bytes()).decode() if path.suffix == ".xz" \
        else path.read_text()
    programs: dict[str, list[dict]] = {}
    for line in text.splitlines():
        if line.strip():
            rows = rows_of(json.loads(line))
            if rows:
                programs[rows[0]["program"]] = rows
    return programs


def report(result: dict, programs: int, candidates: int,
           how: str = "learned model: cross-validated by program") -> str:
    lines = [f"{programs} programs, {candidates} measured candidates (ok and verified); "
             f"{how}", "",
             "| model | regret (geo. mean) | regret (worst) | picks the best | Spearman (mean) "
             "| speedup over the code as written (geo. mean) |",
             "|---|---|---|---|---|---|"]
    for name, values in result.items():
        rho = f"{values['spearman_mean']:.2f}" if values["spearman_mean"] is not None else "-"
        lines.append(f"| {name} | {values['regret_geomean']:.3f} | {values['regret_worst']:.2f} "
                     f"| {values['picks_best']:.0%} | {rho} | {values['speedup_geomean']:.2f}x |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="JSON lines of corpus_measure.py")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--report", type=Path, help="also write the table here (markdown)")
    parser.add_argument("--test", type=Path, action="append", default=[],
                        help="measurements of other programs (the test set): the model trained "
                             "on the whole corpus chooses for them (repeatable)")
    args = parser.parse_args(argv)
    programs = read_programs(args.corpus)
    if len(programs) < args.folds:
        print(f"{len(programs)} programs with two or more measured candidates: too few",
              file=sys.stderr)
        return 1
    predictions = cross_validated(programs, args.folds, args.seed)
    text = report(evaluate(programs, predictions), len(programs),
                  sum(len(rows) for rows in programs.values()))
    for test_file in args.test:
        tested = read_programs(test_file)
        model = trained(programs, args.seed)
        predictions = {}
        for rows in tested.values():
            for row, value in zip(rows, model.predict([feature_vector(r) for r in rows])):
                predictions[id(row)] = float(value)
        text += "\n" + report(evaluate(tested, predictions), len(tested),
                              sum(len(rows) for rows in tested.values()),
                              f"{test_file.name}: learned model trained on all "
                              f"{len(programs)} corpus programs")
    print(text)
    if args.report:
        args.report.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
